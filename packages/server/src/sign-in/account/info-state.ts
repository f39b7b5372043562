/** What an ACCOUNT_INFO page render shows besides the member's data (messages), and how its parts make forms. */
import type { Html } from '../../http/html.js';

export interface InfoState {
  /** Field name → message; the first gets focus. */
  errors?: Record<string, string>;
  /** Which form a message belongs to, and the message (role=alert or status). */
  formError?: { form: string; text: string };
  notice?: { form: string; text: string };
  /** The recovery codes a first second factor brought: shown once. */
  recoveryCodes?: string[];
  /** The last answer to "Is this you signing in?" (push-prompt.ts). */
  push?: 'approved' | 'denied' | 'late' | 'secured';
}

/** A form of the page: its `action` name, its fields, and an element id when a script needs it (hidden: no fields to show). */
export type InfoForm = (name: string, body: Html, script?: { id: string; hidden?: boolean }) => Html;
