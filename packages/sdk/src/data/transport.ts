/**
 * The data module's use of the client's HTTP context: canonical paths, `$date` encoding both ways,
 * the GET-with-`.r` switch for queries and the data-specific error mapping (docs/wire-format.md §9).
 */
import type { HttpContext } from '../module.js';
import { base64url, decodeDates, encodeDates } from './codec.js';
import { fromHttpError } from './errors.js';

export const PREFIX = '/wix-data/v2';
/** Longest relative URL (path + `?.r=` + payload) still sent as GET; the Wix client switches at 2048 → 2049. */
export const MAX_GET_URL = 2048;

type Params = Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>;

export interface Transport {
  post<T>(path: string, body: object): Promise<T>;
  /** `GET /items/query?.r=…` while the URL fits, else POST with the same JSON. */
  query<T>(body: object): Promise<T>;
  /** A GET whose payload is flattened into query parameters, or sent whole as `.r` if nested. */
  get<T>(path: string, payload: Record<string, unknown>): Promise<T>;
}

export function transport(ctx: HttpContext): Transport {
  const send = async <T>(options: Parameters<HttpContext['request']>[0]): Promise<T> => {
    try {
      return decodeDates(await ctx.request<T>(options));
    } catch (error) {
      throw fromHttpError(error);
    }
  };
  // Reads carry a `language` key (readOptions); left unset, it takes the client's language at send time.
  const lang = (body: object): object =>
    'language' in body && body.language === undefined ? { ...body, language: ctx.language } : body;
  const post = <T>(path: string, body: object) =>
    send<T>({ method: 'POST', path: PREFIX + path, body: encodeDates(lang(body)) });
  const dotR = (body: object) => base64url(JSON.stringify(encodeDates(lang(body))));

  return {
    post,
    query<T>(body: object) {
      const path = `${PREFIX}/items/query`;
      const r = dotR(body);
      if (`${path}?.r=${r}`.length > MAX_GET_URL) return post<T>('/items/query', body);
      return send<T>({ method: 'GET', path, query: { '.r': r } });
    },
    get<T>(path: string, payload: Record<string, unknown>) {
      payload = lang(payload) as Record<string, unknown>;
      const flat = flatten(payload);
      return send<T>({ method: 'GET', path: PREFIX + path, query: flat ?? { '.r': dotR(payload) } });
    },
  };
}

/** Flat payloads become query parameters; a nested object means the whole payload goes as `.r`. */
const flatten = (payload: Record<string, unknown>): Params | undefined =>
  Object.values(payload).some((x) => typeof x == 'object' && x && !Array.isArray(x)) ? undefined : (payload as Params);
