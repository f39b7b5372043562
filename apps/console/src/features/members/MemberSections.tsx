import type { MemberSession, SignInMethods } from '../../api/types.js';
/** The member page's read-only parts: open sessions, and the ways the member can sign in. */
const FACTOR_LABEL: Record<string, string> = {
  TOTP: 'Authenticator app',
  EMAIL: 'Email code',
  WEBAUTHN: 'Passkey / security key',
  SMS: 'Text-message codes',
  CALL: 'Codes by phone call',
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

export function SignInMethodsSection({ methods }: { methods: SignInMethods }) {
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
        {methods.factors.map((f) => (
          <li key={f.id}>
            Second factor: {FACTOR_LABEL[f.factorType] ?? f.factorType}
            {f.name ? ` “${f.name}”` : ''}
            {f.phoneNumber ? ` to ${f.phoneNumber}` : ''} ({f.status === 'ACTIVE' ? 'active' : 'not finished'})
          </li>
        ))}
      </ul>
    </section>
  );
}
