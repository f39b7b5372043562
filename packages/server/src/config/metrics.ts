/**
 * `metrics` in the config file and its VITRINE_METRICS_* variables (docs/operating.md#metrics). Off by
 * default: `/metrics` on the public port answers 404 unless `public` is on (then the admin key guards
 * it); `port` serves it, unguarded, on a port of its own that only the scraper's network should reach.
 */
import { take } from './validate.js';

export interface MetricsSettings {
  /** Port of the metrics-only listener; absent = none. */
  port?: number | undefined;
  /** Interface the metrics-only listener binds (default: 127.0.0.1, never the server's HOST). */
  host?: string | undefined;
  /** `/metrics` on the public port too, behind `Authorization: Bearer <admin key>`. */
  public: boolean;
}

export function buildMetricsSettings(
  file: unknown,
  env: Record<string, string | undefined>,
  fail: (key: string, message: string) => void,
): MetricsSettings {
  const section = take.object(file);
  let port = section.port === undefined ? undefined : take.integer(section.port, 0);
  if (env.VITRINE_METRICS_PORT) {
    port = Number(env.VITRINE_METRICS_PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      fail('VITRINE_METRICS_PORT', `must be a whole number from 1 to 65535 (got "${env.VITRINE_METRICS_PORT}")`);
      port = undefined;
    }
  }
  const host = env.VITRINE_METRICS_HOST || take.string(section.host, undefined);
  const publicFlag =
    env.VITRINE_METRICS_PUBLIC !== undefined
      ? env.VITRINE_METRICS_PUBLIC === '1' || env.VITRINE_METRICS_PUBLIC === 'true'
      : take.boolean(section.public, false);
  return { port, host, public: publicFlag };
}
