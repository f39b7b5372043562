/**
 * Hidden-iframe step of silent login: load the authorize page and wait for the `{code, state}`
 * it posts to its parent. Window and document are parameters so the flow is testable in Node.
 */
import { VitrineError } from '../http/errors.js';

export interface FrameMessage {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

export interface SilentFrameOptions {
  url: string;
  /** Only a message carrying exactly this state is accepted. */
  state: string;
  /** Only messages from this origin are accepted (the authorize page's, i.e. the API's). */
  origin: string;
  timeoutMs?: number;
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document?: { createElement(tag: 'iframe'): HTMLIFrameElement; body: { appendChild(node: Node): unknown } };
}

export const SILENT_LOGIN_TIMEOUT_MS = 120000;

export function waitForFrameMessage(options: SilentFrameOptions): Promise<FrameMessage> {
  const {
    url,
    state,
    origin,
    timeoutMs = SILENT_LOGIN_TIMEOUT_MS,
    window: win = window,
    document: doc = document,
  } = options;
  return new Promise((resolve, reject) => {
    const frame = doc.createElement('iframe') as HTMLIFrameElement;
    const finish = (error?: VitrineError, message?: FrameMessage) => {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      frame.remove();
      if (error) reject(error);
      else resolve(message!);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as FrameMessage | null;
      // Other scripts and frames post messages too: skip anything not ours, from anywhere else.
      if (event.origin != origin || !data || data.state !== state) return;
      if (data.error) finish(new VitrineError(data.error_description || data.error, 'OAUTH_ERROR'));
      else finish(undefined, data);
    };
    const timer = setTimeout(() => finish(new VitrineError('OAuth flow timed out', 'OAUTH_TIMEOUT')), timeoutMs);
    // The listener must exist before the frame can load and post.
    win.addEventListener('message', onMessage);
    frame.style.display = 'none';
    frame.src = url;
    doc.body.appendChild(frame);
  });
}
