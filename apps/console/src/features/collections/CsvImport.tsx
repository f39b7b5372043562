import { useState, type FormEvent } from 'react';
import { Notice } from '../../components/Notice.js';
import { collectionsApi, type ImportReport } from './collections-api.js';

/** CSV import: the file goes to the server as text; the answer reports every row (inserted, updated or why not). */
export function CsvImport({
  siteId,
  collectionId,
  onImported,
}: {
  siteId: string;
  collectionId: string;
  onImported: () => void;
}) {
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [report, setReport] = useState<ImportReport>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError('Choose a CSV file first.');
    setBusy(true);
    setError(undefined);
    setReport(undefined);
    try {
      setReport(await collectionsApi.importCsv(siteId, collectionId, await file.text()));
      onImported();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

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
        <button type="submit" disabled={busy}>
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
