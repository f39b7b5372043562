import { useTestMail } from './api.js';
import { CheckButton } from './CheckButton.js';

/**
 * "Send a test mail": the server sends one mail to the signed-in owner through the mail server the site's
 * mail takes (the one saved above, else the server's SMTP_URL) and says what happened. Save first: it tests
 * what is saved, not what is typed.
 */
export function TestMailButton({ siteId }: { siteId: string }) {
  return <CheckButton check={useTestMail(siteId)} label="Send a test mail" busyLabel="Sending…" />;
}
