export type Flows = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * The flows made by `load`, loaded on the first call of any of them. A shop's first page needs visitor tokens
 * and data, not sign-in: an app's bundler puts the flows in a chunk of their own (about 2 KB gzip less in the
 * storefront's first load). A failed load (a dropped connection) is tried again next call.
 *
 * `methods` names every method of the flows (`{ login: true, … }`): the type requires each key, so a flow added
 * later cannot be left out of the client by mistake (the names must exist before the module is loaded).
 */
export function onFirstUse<F extends Flows>(load: () => Promise<F>, methods: { [K in keyof F]: true }): F {
  let loading: Promise<F> | undefined;
  const flows = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.fromEntries(
    Object.keys(methods).map((name) => [name, (...args: never[]) => flows().then((f) => f[name]!(...args))]),
  ) as F;
}
