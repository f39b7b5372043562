import { useState } from 'react';
import { api } from '../../api/client.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';

const FORMATS = [
  ['auth0', 'Auth0 (user export, JSON lines)'],
  ['firebase', 'Firebase (auth:export JSON)'],
  ['supabase', 'Supabase (auth.users as JSON)'],
  ['clerk', 'Clerk (CSV export)'],
  ['csv', 'Vitrine CSV'],
] as const;

interface ImportReport {
  dryRun: boolean;
  total: number;
  created: number;
  updated: number;
  withoutPassword: number;
  linked: number;
  refused: { row: number; email?: string; reason: string }[];
}

/**
 * Members from another system (docs/operating.md, "Importing members"): pick the export, check it (a dry
 * run: nothing written), then import. The same endpoint as `vitrine members import`.
 */
export function ImportMembersPage({ siteId }: { siteId: string }) {
  const [format, setFormat] = useState<string>('auth0');
  const [content, setContent] = useState<string>();
  const [firebase, setFirebase] = useState({ signerKey: '', saltSeparator: '', rounds: '8', memCost: '14' });
  const [report, setReport] = useState<ImportReport>();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function run(dryRun: boolean) {
    if (content === undefined) return;
    setBusy(true);
    setError(undefined);
    try {
      const body = {
        siteId,
        format,
        content,
        dryRun,
        ...(format === 'firebase' && firebase.signerKey
          ? { firebase: { ...firebase, rounds: Number(firebase.rounds), memCost: Number(firebase.memCost) } }
          : {}),
      };
      setReport(await api<ImportReport>('POST', '/_admin/v1/members/import', body));
      setChecked(dryRun);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const field = (key: keyof typeof firebase, label: string) => (
    <label>
      {label}
      <input value={firebase[key]} onChange={(e) => setFirebase({ ...firebase, [key]: e.target.value })} />
    </label>
  );

  return (
    <>
      <PageHeading>Import members</PageHeading>
      <p>
        Members keep their passwords: their old hashes are checked at their first sign-in. Members without one sign in
        through a password reset. Importing the same file again updates members; it never duplicates them.{' '}
        <Link to="/members">Back to members</Link>
      </p>
      <form className="toolbar" onSubmit={(e) => (e.preventDefault(), void run(true))}>
        <label>
          Format
          <select value={format} onChange={(e) => (setFormat(e.target.value), setChecked(false))}>
            {FORMATS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Export file
          <input
            type="file"
            accept=".json,.ndjson,.csv,.txt"
            onChange={(e) => {
              setChecked(false);
              void e.target.files?.[0]?.text().then(setContent);
            }}
          />
        </label>
        {format === 'firebase' && (
          <>
            {field('signerKey', 'Signer key')}
            {field('saltSeparator', 'Salt separator')}
            {field('rounds', 'Rounds')}
            {field('memCost', 'Memory cost')}
          </>
        )}
        <button type="submit" disabled={busy || content === undefined}>
          Check file
        </button>
        <button type="button" disabled={busy || !checked} onClick={() => void run(false)}>
          Import
        </button>
      </form>
      <Notice error={error} success={report && !report.dryRun ? 'Members imported.' : undefined} />
      {report && (
        <section aria-label="Import report">
          <p>
            {report.dryRun ? 'Would import' : 'Imported'} {report.total} rows: {report.created} new, {report.updated}{' '}
            updated, {report.refused.length} refused; {report.withoutPassword} without a usable password;{' '}
            {report.linked} provider links added.
          </p>
          {report.refused.length > 0 && (
            <table>
              <thead>
                <tr>
                  <th>Row</th>
                  <th>Email</th>
                  <th>Why refused</th>
                </tr>
              </thead>
              <tbody>
                {report.refused.map((r) => (
                  <tr key={r.row}>
                    <td>{r.row}</td>
                    <td>{r.email ?? ''}</td>
                    <td>{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </>
  );
}
