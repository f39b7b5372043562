/** Test helper (not shipped): an HttpContext that records requests and answers from a script. */
import type { HttpContext, RequestOptions } from '../src/module.js';

export function recorder(answers: unknown[], baseUrl = 'https://api.test') {
  const calls: RequestOptions[] = [];
  const http: HttpContext = {
    baseUrl,
    async request<T>(o: RequestOptions): Promise<T> {
      calls.push(o);
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return (typeof a == 'function' ? a(o) : a) as T;
    },
  };
  return { http, calls };
}
