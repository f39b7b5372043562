import type { MemberSession, SignInMethods } from '../../api/types.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
/** The member page's parts: open sessions, and the ways the member can sign in (second factors can be removed). */
const FACTOR_LABEL: Record<string, string> = {
  TOTP: 'Authenticator app',
  EMAIL: 'Email code',
  WEBAUTHN: 'Passkey / security key',
  SMS: 'Text-message codes',
  CALL: 'Codes by phone call',
  PUSH: 'Push approval',
};

export function MemberSessions({ sessions }: { sessions: MemberSession[] }) {
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      {sessions.length === 0 ? (
        <p>No open sessions.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Address</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last seen</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s, i) => (
                <tr key={i}>
                  <td data-label="Client">{s.clientId}</td>
                  <td data-label="Address">{s.ip ?? 'unknown'}</td>
                  <td data-label="Signed in">{new Date(s.createdDate).toLocaleString()}</td>
                  <td data-label="Last seen">{new Date(s.lastUsedDate).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function SignInMethodsSection({
  methods,
  busy,
  onRemoveFactor,
}: {
  methods: SignInMethods;
  busy?: boolean;
  /** Removes a second factor (a lost phone, a number that changed hands). */
  onRemoveFactor?: (factorId: string) => unknown;
}) {
  return (
    <section aria-labelledby="methods-heading">
      <h2 id="methods-heading">Sign-in methods</h2>
      <ul>
        <li>{methods.password ? 'Password' : 'No password (signs in with a provider or a link)'}</li>
        {methods.sso.map((c) => (
          <li key={c.idpConnectionId}>
            {c.name}
            {c.email ? ` (${c.email})` : ''}: connected {new Date(c.createdDate).toLocaleDateString()}, last used{' '}
            {new Date(c.lastUsedDate).toLocaleDateString()}
          </li>
        ))}
        {methods.factors.map((f) => {
          const label = `${FACTOR_LABEL[f.factorType] ?? f.factorType}${f.name ? ` “${f.name}”` : ''}${f.phoneNumber ? ` to ${f.phoneNumber}` : ''}`;
          return (
            <li key={f.id} className="factor-row">
              Second factor: <span dir="auto">{label}</span> ({f.status === 'ACTIVE' ? 'active' : 'not finished'}){' '}
              {onRemoveFactor && (
                <ConfirmButton
                  label="Remove"
                  ariaLabel={`Remove ${label}`}
                  question={`Remove ${label}?`}
                  consequence="The member no longer gets codes or approvals this way; remembered devices are forgotten and the member is told by mail."
                  confirmLabel="Yes, remove it"
                  disabled={busy}
                  onConfirm={() => onRemoveFactor(f.id)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
