import { useTestMail } from './api.js';

/**
 * "Send a test mail": the server sends one mail to the signed-in owner through the mail server the site's
 * mail takes (the one saved above, else the server's SMTP_URL) and says what happened. Save first: it tests
 * what is saved, not what is typed.
 */
export function TestMailButton({ siteId }: { siteId: string }) {
  const test = useTestMail(siteId);
  const result = test.error ? { ok: false, message: test.error.message } : test.data;
  return (
    <>
      <button type="button" className="secondary" onClick={() => test.mutate()} disabled={test.isPending}>
        {test.isPending ? 'Sending…' : 'Send a test mail'}
      </button>
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={result.ok ? 'notice notice-success' : 'notice notice-error'}
        >
          {result.message}
        </p>
      )}
    </>
  );
}
