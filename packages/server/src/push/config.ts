import type { PushConfig } from '../config/types.js';
import { take, type Reader } from '../config/validate.js';

/** Two minutes to approve a sign-in (issue #32). */
export const DEFAULT_PUSH_EXPIRY_SECONDS = 120;

/**
 * `sites[].push`: the shape is schema/push.ts's; here the VAPID private key, read from the variable
 * `vapid.privateKeyEnv` names (default VAPID_PRIVATE_KEY) at start, so a missing key stops the start.
 */
export function buildPush(
  r: Reader,
  raw: unknown,
  path: string,
  env: NodeJS.ProcessEnv = process.env,
): PushConfig | undefined {
  if (raw === undefined) return undefined;
  const o = take.object(raw);
  let vapid: PushConfig['vapid'];
  if (o.vapid !== undefined) {
    const v = take.object(o.vapid);
    const keyEnv = take.string(v.privateKeyEnv, 'VAPID_PRIVATE_KEY');
    const privateKey = env[keyEnv] ?? '';
    if (!/^[A-Za-z0-9_-]{40,50}$/.test(privateKey))
      r.fail(keyEnv, `must hold the base64url VAPID private key of ${path}.vapid (npx web-push generate-vapid-keys)`);
    vapid = { publicKey: take.string(v.publicKey, ''), privateKey, subject: take.string(v.subject, '') };
  }
  return {
    expirySeconds: take.integer(o.expirySeconds, DEFAULT_PUSH_EXPIRY_SECONDS),
    placeHeader: take.string(o.placeHeader, undefined),
    vapid,
  };
}
