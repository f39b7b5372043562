import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kit, pkce } from '../../test-support/redirect-kit.js';

/**
 * Push approval on the hosted second step (issue #32): **Approve on another device** shows the number to
 * pick; the page's status endpoint says PENDING until another session answers; the form then completes
 * the sign-in, or a denial sends the member back to sign in with the reason said.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start(undefined, (s) => ({
    ...s,
    push: { expirySeconds: 60, placeHeader: undefined, vapid: undefined },
  }));
});
afterAll(() => kit.server.close());

const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
const cookiePair = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
const submit = (url: string, fields: Record<string, string>, cookie: string) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields).toString(),
  });

/** A member with push approval on, signed in elsewhere (`auth`), at the hosted second step waiting for approval. */
async function waitingForApproval() {
  const m = await kit.member();
  const session = await kit.server.ctx.db.transaction((tx) =>
    kit.server.ctx.tokens.createMemberSession(tx, {
      siteId: kit.server.siteId,
      clientId: 'shop-app',
      memberId: m.memberId,
    }),
  );
  const auth = { authorization: session.accessToken };
  expect((await kit.post('/_api/iam/mfa/v1/factors', { factorType: 'PUSH' }, auth)).status).toBe(200);
  const { body } = await kit.redirectSession(kit.authRequest(pkce()));
  const url = body.redirectSession.fullUrl as string;
  const opened = await kit.open(url);
  const csrf = hiddenValue(await opened.text(), 'csrf')!;
  const cookie = cookiePair(opened, 'vitrine_csrf')!;
  const base = { redirectSessionId: body.redirectSession.id as string, csrf };
  const step = await (
    await submit(url, { ...base, action: 'signin', email: m.email, password: m.password }, cookie)
  ).text();
  expect(step).toContain('>Approve on another device</button>');
  const stateToken = hiddenValue(step, 'stateToken')!;
  const waiting = await (await submit(url, { ...base, action: 'mfa', stateToken, send: 'PUSH' }, cookie)).text();
  const transactionId = hiddenValue(waiting, 'transactionId')!;
  const shown = Number(/id="push-number"[^>]*><strong dir="ltr">(\d+)</.exec(waiting)?.[1]);
  const status = async () =>
    (await (await submit(url, { ...base, action: 'push-status', stateToken, transactionId }, cookie)).json()) as {
      status: string;
    };
  const answer = (fields: Record<string, string> = {}) =>
    submit(url, { ...base, action: 'mfa', stateToken, factor: 'PUSH', transactionId, ...fields }, cookie);
  return { auth, waiting, transactionId, shown, status, answer };
}

describe('hosted second step with push approval', () => {
  it('shows the number, polls PENDING, and completes once the other session picked it', async () => {
    const w = await waitingForApproval();
    expect(w.waiting).toContain('pick this number');
    expect(w.waiting).toContain('setInterval(tick,2000)');
    expect(w.shown).toBeGreaterThanOrEqual(10);
    expect(await w.status()).toEqual({ status: 'PENDING' });
    // Continue before approval: still waiting, same number.
    const early = await (await w.answer()).text();
    expect(early).toContain(`<strong dir="ltr">${w.shown}</strong>`);

    const approved = await kit.post(
      `/_api/iam/mfa/v1/push/transactions/${w.transactionId}/approve`,
      { number: w.shown },
      w.auth,
    );
    expect(await approved.json()).toEqual({ status: 'APPROVED' });
    expect(await w.status()).toEqual({ status: 'APPROVED' });
    const done = await w.answer({ remember: 'on' });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toMatch(/^https:\/\/shop\.test\/callback#code=/);
    expect(done.headers.getSetCookie().some((c) => c.startsWith('vitrine_device'))).toBe(true);
  });

  it('a denial sends the member back to sign in, saying so', async () => {
    const w = await waitingForApproval();
    await kit.post(`/_api/iam/mfa/v1/push/transactions/${w.transactionId}/deny`, {}, w.auth);
    expect(await w.status()).toEqual({ status: 'DENIED' });
    const refused = await w.answer();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('This sign-in was denied on your other device.');
    expect(await w.status()).toEqual({ status: 'GONE' });
  });
});
