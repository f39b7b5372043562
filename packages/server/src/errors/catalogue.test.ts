import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApplicationError, httpErrors } from './wire.js';
import { appError, ERRORS, type ErrorName } from './catalogue.js';

const names = Object.keys(ERRORS) as ErrorName[];

describe('error catalogue', () => {
  it('gives every code once', () => {
    const codes = names.map((name) => ERRORS[name].code);
    const repeated = codes.filter((code, i) => codes.indexOf(code) !== i);
    expect(repeated).toEqual([]);
  });

  it('answers every code with a 4xx or 5xx status and a default text', () => {
    for (const name of names) {
      const { code, status, text } = ERRORS[name];
      expect(Number.isInteger(status) && status >= 400 && status <= 599, `${name} status ${status}`).toBe(true);
      expect(code, name).toMatch(/^(-\d{5}|WDE\d{4}|[A-Z][A-Z0-9_]*)$/);
      expect(text.trim().length, `${name} text`).toBeGreaterThan(0);
    }
  });

  it('names the numeric and Wix Data codes the clients match', () => {
    expect(ERRORS.WRONG_PASSWORD).toEqual({ code: '-19976', status: 400, text: 'Email or password is incorrect' });
    expect(ERRORS.EMAIL_EXISTS.code).toBe('-19995');
    expect(ERRORS.PASSWORD_RESET_REQUIRED.code).toBe('-19973');
    expect(ERRORS.CAPTCHA_REQUIRED.code).toBe('-19971');
    expect(ERRORS.CAPTCHA_INVALID.code).toBe('-19970');
    expect(ERRORS.ITEM_NOT_FOUND).toMatchObject({ code: 'WDE0073', status: 404 });
    expect(ERRORS.ITEM_EXISTS).toMatchObject({ code: 'WDE0074', status: 409 });
  });

  it('builds the documented application error envelope', () => {
    const plain = appError('WRONG_PASSWORD');
    expect(plain).toBeInstanceOf(ApplicationError);
    expect(plain.status).toBe(400);
    expect(plain.code).toBe('-19976');
    expect(plain.headers).toEqual({});
    expect(plain.toBody()).toEqual({
      message: 'Email or password is incorrect',
      details: { applicationError: { code: '-19976', description: 'Email or password is incorrect', data: {} } },
    });

    const custom = appError('MEMBER_NOT_FOUND', { description: 'No member with this id', data: { id: 'm1' } });
    expect(custom.status).toBe(404);
    expect(custom.toBody()).toEqual({
      message: 'No member with this id',
      details: {
        applicationError: { code: 'MEMBER_NOT_FOUND', description: 'No member with this id', data: { id: 'm1' } },
      },
    });

    // The few sites that answer a code with another status keep it.
    expect(appError('MEMBER_BLOCKED', { status: 400 }).status).toBe(400);
  });

  it('lists the codes of the http/errors helpers with their statuses', () => {
    const helpers = [
      httpErrors.badRequest('x'),
      httpErrors.unauthorized(),
      httpErrors.forbidden(),
      httpErrors.notFound(),
      httpErrors.tooManyRequests(1),
    ];
    for (const error of helpers) {
      const entry = Object.values(ERRORS).find((e) => e.code === error.code);
      expect(entry, error.code).toBeDefined();
      expect(entry?.status, error.code).toBe(error.status);
    }
  });
});

describe('no wire code literals outside the catalogue', () => {
  const src = fileURLToPath(new URL('..', import.meta.url));
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'errors' && dir === src ? [] : sources(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
        ? [path]
        : [];
    });
  const files = sources(src);
  const offending = (pattern: RegExp) =>
    files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${relative(src, file)}:${i + 1}: ${line.trim()}`] : [])),
    );

  it('finds the server sources', () => {
    expect(files.some((file) => file.endsWith(join('identity', 'flows', 'login.ts')))).toBe(true);
  });

  it('has no quoted numeric identity code (-199xx) in server code', () => {
    expect(offending(/['"]-199\d\d['"]/)).toEqual([]);
  });

  it('has no quoted Wix Data code (WDE0xxx) in server code', () => {
    expect(offending(/['"]WDE\d{4}['"]/)).toEqual([]);
  });

  // errors/wire.ts (the envelopes) keeps its helpers' codes; the test above checks them against the catalogue.
  it('builds no application error from a literal status and code', () => {
    expect(
      offending(/new ApplicationError\(\s*\d{3}\s*,\s*['"`]/).filter(
        (hit) => !hit.startsWith(join('http', 'errors.ts:')),
      ),
    ).toEqual([]);
  });
});
