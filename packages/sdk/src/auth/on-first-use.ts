export type Flows = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * The methods `names` of flows made by `load` on the first call of any of them. A shop's first page needs
 * visitor tokens and data, not sign-in: an app's bundler puts the flows in a chunk of their own (about 2 KB
 * gzip less in the storefront's first load). A failed load (a dropped connection) is tried again next call.
 */
export function onFirstUse<F extends Flows, K extends keyof F>(load: () => Promise<F>, names: K[]): Pick<F, K> {
  let loading: Promise<F> | undefined;
  const flows = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.fromEntries(
    names.map((name) => [name, (...args: never[]) => flows().then((f) => f[name]!(...args))]),
  ) as unknown as Pick<F, K>;
}
