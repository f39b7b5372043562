/**
 * A refused answer takes at least a fixed time, so its timing does not tell which check refused it
 * (a wrong authenticator code, a spent recovery code and a foreign passkey do different work: decrypt +
 * HMAC, a hash + an UPDATE, a DB lookup + a signature check). The floor sits well above the slowest
 * check; only refusals wait, successes answer at once.
 */
export const REFUSAL_FLOOR_MS = 150;

/** Resolves once `floorMs` have passed since `startedAt` (a `performance.now()` reading). */
export async function holdRefusal(startedAt: number, floorMs = REFUSAL_FLOOR_MS): Promise<void> {
  const left = startedAt + floorMs - performance.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
