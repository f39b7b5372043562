import { useState, type FormEvent } from 'react';
import { Notice } from '../../components/Notice.js';
import { useImportCsv } from './api.js';

/** CSV import: the file goes to the server as text; the answer reports every row (inserted, updated or why not). */
export function CsvImport({ siteId, collectionId }: { siteId: string; collectionId: string }) {
  const [file, setFile] = useState<File>();
  const [noFile, setNoFile] = useState(false);
  const importCsv = useImportCsv(siteId, collectionId);
  const report = importCsv.data;
  const error = noFile ? 'Choose a CSV file first.' : importCsv.error?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNoFile(!file);
    if (file) importCsv.mutate(file);
  };

  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading">Import CSV</h2>
      <p className="help">
        A header row of field names; rows with an <code>_id</code> that exists update that item, the others are added.
      </p>
      <form className="toolbar" onSubmit={submit}>
        <label>
          CSV file
          <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0])} />
        </label>
        <button type="submit" disabled={importCsv.isPending}>
          Import
        </button>
      </form>
      <Notice
        error={error}
        success={
          report && `Import finished: ${report.inserted} added, ${report.updated} updated, ${report.failed} failed.`
        }
      />
      {report && report.rows.length > 0 && (
        <div className="table-wrap">
          <table aria-label="Import report">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Item</th>
                <th scope="col">Outcome</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.row}>
                  <td data-label="Row">{r.row}</td>
                  <td data-label="Item">{r.id ?? ''}</td>
                  <td data-label="Outcome">{r.outcome}</td>
                  <td data-label="Why">{r.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
