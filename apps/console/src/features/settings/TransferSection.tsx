import { useState, type ChangeEvent } from 'react';
import type { ConfigFile } from '../../api/types.js';
import { Notice } from '../../components/Notice.js';
import { useExportSettings, useImportSettings } from './api.js';
import { labelOf } from './labels.js';

/** A config file is one JSON object (what the import takes); anything else is refused here, as unreadable. */
function configFile(value: unknown): ConfigFile {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not a JSON object');
  return value as ConfigFile;
}

/** Export the settings as a config file; import one: compare first (a dry run), then apply. */
export function TransferSection({ siteId }: { siteId: string }) {
  const exporting = useExportSettings(siteId);
  const importing = useImportSettings(siteId);
  const [download, setDownload] = useState<{ url: string; omitted: string[] }>();
  const [file, setFile] = useState<ConfigFile>();
  const [unreadable, setUnreadable] = useState<string>();
  const comparison = importing.data;
  const error = unreadable ?? (exporting.error ?? importing.error)?.message;
  const done =
    importing.isSuccess && importing.variables.apply
      ? 'Imported: in force on every instance within seconds.'
      : undefined;

  const exportFile = () =>
    exporting.mutate(undefined, {
      onSuccess: (answer) => {
        const blob = new Blob([`${JSON.stringify(answer.config, null, 2)}\n`], { type: 'application/json' });
        setDownload({ url: URL.createObjectURL(blob), omitted: answer.omittedSecrets });
      },
    });

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    setUnreadable(undefined);
    importing.reset();
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    try {
      setFile(configFile(JSON.parse(await chosen.text())));
    } catch {
      setFile(undefined);
      setUnreadable(`${chosen.name} is not a JSON config file.`);
    }
  }

  const run = (apply: boolean) => file && importing.mutate({ config: file, apply });

  const applicable =
    comparison && !comparison.applied && comparison.differences.some((d) => !d.locked) && !comparison.problems.length;
  return (
    <section aria-labelledby="settings-transfer-heading">
      <h3 id="settings-transfer-heading">Export and import</h3>
      <p className="help-block">
        The export is a config file of this site's settings (the file's and yours). Secrets are left out: add them, or
        name environment variables, before using it as a config file.
      </p>
      <button type="button" onClick={exportFile}>
        Export as a config file
      </button>
      {download && (
        <p>
          <a href={download.url} download={`vitrine-${siteId}-settings.json`}>
            Download vitrine-{siteId}-settings.json
          </a>
          {download.omitted.length > 0 && <> (secrets left out: {download.omitted.join(', ')})</>}
        </p>
      )}
      <div className="setting">
        <label htmlFor="settings-import-file">Config file to import</label>
        <input id="settings-import-file" type="file" accept="application/json,.json" onChange={readFile} />
      </div>
      <button type="button" className="secondary" disabled={file === undefined} onClick={() => run(false)}>
        Compare with the current settings
      </button>
      {comparison && (
        <div className="table-wrap">
          {comparison.differences.length === 0 ? (
            <p role="status">The file holds the settings as they are: nothing to import.</p>
          ) : (
            <table>
              <caption>What the import changes</caption>
              <thead>
                <tr>
                  <th scope="col">Setting</th>
                  <th scope="col">Now</th>
                  <th scope="col">In the file</th>
                </tr>
              </thead>
              <tbody>
                {comparison.differences.map((d) => (
                  <tr key={d.key}>
                    <th scope="row">
                      {labelOf(d.key)} <code>{d.key}</code>
                      {d.locked && <> — set in the config file, not imported</>}
                    </th>
                    <td>{d.before}</td>
                    <td>{d.after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {comparison.problems.length > 0 && <Notice error={comparison.problems.join('; ')} />}
        </div>
      )}
      {applicable && (
        <button type="button" onClick={() => run(true)}>
          Apply the import
        </button>
      )}
      <Notice error={error} success={done} />
    </section>
  );
}
