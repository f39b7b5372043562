import { useState } from 'react';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import type { MemberImportFormat } from '../../api/types.js';
import { useForm } from '../../forms/use-form.js';
import { useImportMembers } from './api.js';

const FORMATS = [
  ['auth0', 'Auth0 (user export, JSON lines)'],
  ['firebase', 'Firebase (auth:export JSON)'],
  ['supabase', 'Supabase (auth.users as JSON)'],
  ['clerk', 'Clerk (CSV export)'],
  ['csv', 'Vitrine CSV'],
] as const satisfies readonly (readonly [MemberImportFormat, string])[];

/**
 * Members from another system (docs/operating.md, "Importing members"): pick the export, check it (a dry
 * run: nothing written), then import. The same endpoint as `vitrine members import`.
 */
export function ImportMembersPage({ siteId }: { siteId: string }) {
  const [content, setContent] = useState<string>();
  const [checked, setChecked] = useState(false);
  const importMembers = useImportMembers(siteId);
  const form = useForm(
    { format: 'auth0' as MemberImportFormat, signerKey: '', saltSeparator: '', rounds: '8', memCost: '14' },
    importMembers,
  );
  const { format, signerKey, saltSeparator, rounds, memCost } = form.values;
  const report = importMembers.data;
  const busy = form.busy;

  function run(dryRun: boolean) {
    if (content === undefined) return;
    const firebase = { signerKey, saltSeparator, rounds: Number(rounds), memCost: Number(memCost) };
    importMembers.mutate(
      { siteId, format, content, dryRun, ...(format === 'firebase' && signerKey ? { firebase } : {}) },
      { onSuccess: () => setChecked(dryRun) },
    );
  }

  const field = (key: 'signerKey' | 'saltSeparator' | 'rounds' | 'memCost', label: string) => (
    <label>
      {label}
      <input {...form.field(key)} />
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
      <form className="toolbar" onSubmit={form.onSubmit(() => run(true))}>
        <label>
          Format
          <select value={format} onChange={(e) => (form.set('format', e.target.value), setChecked(false))}>
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
        <button type="button" disabled={busy || !checked} onClick={() => run(false)}>
          Import
        </button>
      </form>
      <Notice error={form.error} success={report && !report.dryRun ? 'Members imported.' : undefined} />
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
