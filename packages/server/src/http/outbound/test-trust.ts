/**
 * Tests only: one more certificate authority an app's outbound requests trust besides the system's, so a
 * test's own HTTPS receiver with a self-signed certificate can take Web Push deliveries (push/notify.ts) while
 * the TLS check stays on. Not on AppContext and never read from config: test-support sets it on one app's
 * context (`trustPushService`); a WeakMap keyed by that context, so other apps in the same test worker (vitest
 * runs files without isolation) and every production app trust the system's authorities only.
 */
const extraCas = new WeakMap<object, string>();

export function trustCaForTests(app: object, ca: string): void {
  extraCas.set(app, ca);
}

/** The extra authority set for this app's context, if a test set one. */
export function extraCaFor(app: object): string | undefined {
  return extraCas.get(app);
}
