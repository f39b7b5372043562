import type { AppContext } from '../context.js';
import type { SiteConfig } from '../config/types.js';
import { liveChallenge, findStepTransaction } from '../identity/index.js';
import { html, type Html } from '../http/html.js';
import { formAction, type FormState, type PushWaiting } from './form-state.js';

/**
 * Push approval on the hosted second step (issue #32): **Approve on another device** starts a push
 * transaction; the waiting page shows the number to pick on the approving device and completes by
 * itself: its script asks the form endpoint for the transaction's status every 2 s (`action=push-status`,
 * CSRF-checked like every post, nothing counted) and submits the form once it was answered. Without
 * script the member presses **Continue** after approving.
 */

/** `action=push-status`: {status} of the step's transaction (PENDING, APPROVED, DENIED, EXPIRED, or GONE). */
export async function pushStatus(
  ctx: AppContext,
  site: SiteConfig,
  stateToken: string,
  transactionId: string,
): Promise<{ status: string }> {
  const challenge = await liveChallenge(ctx.db, site.id, stateToken, ctx.now()).catch(() => undefined);
  if (!challenge) return { status: 'GONE' };
  const t = await findStepTransaction(ctx.db, site.id, challenge.id, transactionId, ctx.now());
  return { status: t?.status ?? 'GONE' };
}

/** The waiting block: the number, the status line the script updates, and **Continue**. */
export function renderPushWaiting(s: FormState, hidden: Html, waiting: PushWaiting): Html {
  const { t } = s.lang;
  return html`<form method="post" action="${formAction(s.lang)}" id="push-form" class="push-waiting" novalidate>${hidden}
<input type="hidden" name="stateToken" value="${s.stateToken ?? ''}"><input type="hidden" name="factor" value="PUSH">
<input type="hidden" name="transactionId" value="${waiting.transactionId}">
<p>${t.t('text.pushWaiting')}</p>
<p class="push-number" id="push-number" aria-describedby="push-status"><strong dir="ltr">${String(waiting.matchNumber)}</strong></p>
<p id="push-status" role="status">${t.t('text.pushWaitingStatus')}</p>
<label class="check"><input type="checkbox" name="remember" value="on"> ${t.t('field.rememberDevice')}</label>
<button type="submit">${t.t('button.pushContinue')}</button></form>`;
}

/** **Approve on another device**: the button that starts (or restarts) a push approval. */
export function pushButton(s: FormState, hidden: Html, again: boolean): Html {
  const { t } = s.lang;
  return html`<form method="post" action="${formAction(s.lang)}" class="phone-choices" novalidate>${hidden}<input type="hidden" name="stateToken" value="${s.stateToken ?? ''}"><button type="submit" name="send" value="PUSH" class="secondary">${t.t(again ? 'button.pushAgain' : 'button.approveOnDevice')}</button></form>`;
}

/** Polls every 2 s while the transaction is pending; an answer (or the end of the step) submits the form. */
export function pushScript(): string {
  return `(()=>{const f=document.getElementById('push-form');if(!f)return;let busy=false;
const tick=async()=>{if(busy)return;busy=true;try{const body=new URLSearchParams(new FormData(f));body.set('action','push-status');
const r=await fetch(f.getAttribute('action')||location.href,{method:'POST',body,credentials:'same-origin'});
if(r.ok){const o=await r.json();if(o.status!=='PENDING'){clearInterval(timer);f.submit();return;}}}catch(e){}finally{busy=false;}};
const timer=setInterval(tick,2000);})();`;
}
