/**
 * Audit V5-1, the class: no value the console can set reaches the server's environment. Every writable key
 * comes from the settings view the console itself is given (not a list kept here), every string position of
 * each key's schema gets the name of an environment variable holding a sentinel, through the real PATCH
 * route as an owner; the sentinel must never appear in the running site nor in an answer, and a position
 * the config schema marks `x-operator-only` must be refused.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn, startTestServer, type ConsoleClient, type TestServer } from '../../test-support/index.js';
import { SiteSchema } from '../config/schema/site.js';
import { DEFAULT_PHONE_LIMITS } from '../phone/config.js';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };
type Path = (string | number)[];

// Upper case and 43 base64url characters: fits every pattern an environment variable's name or a key has.
const NAME = `VITRINE_PROBE_${randomBytes(6).toString('hex').toUpperCase()}`;
const SENTINEL = randomBytes(32).toString('base64url');

let server: TestServer;
let owner: ConsoleClient;

beforeAll(async () => {
  vi.stubEnv(NAME, SENTINEL);
  // A site with a value in each part that handles a secret: a Twilio sender, a provider with a secret, reCAPTCHA.
  server = await startTestServer({
    site: (s) => ({
      ...s,
      policies: {
        ...s.policies,
        recaptcha: { secret: 'started-recaptcha-secret', verifyUrl: 'https://www.google.com/recaptcha/api/siteverify' },
      },
      identityProviders: [
        {
          id: 'corp',
          type: 'oidc',
          name: 'Corp',
          issuer: 'https://idp.example',
          clientId: 'vitrine',
          clientSecret: 'started-client-secret',
          scopes: ['openid', 'email'],
          linkByVerifiedEmail: false,
          responseMode: 'query',
        },
      ],
      phone: {
        provider: {
          kind: 'twilio',
          accountSid: `AC${'0'.repeat(32)}`,
          authToken: 'started-twilio-token',
          from: '+14155550100',
          messagingServiceSid: undefined,
          whatsappFrom: undefined,
          apiBaseUrl: 'http://127.0.0.1:9',
        },
        allowedCountries: [],
        limits: DEFAULT_PHONE_LIMITS,
      },
    }),
  });
  owner = await signedIn(server, 'env-probe-owner@example.com', 'owner');
}, 60_000);

afterAll(async () => {
  await server?.close();
  vi.unstubAllEnvs();
});

const isSetMarker = (v: unknown) => JSON.stringify(v) === '{"set":true}';

/** The config schema of a setting key, operator-only keys included (the view leaves them out). */
function fullSchemaOf(key: string): Schema | undefined {
  const [, section, entry, field] = /^(\w+)(?:\[([^\]]+)\])?(?:\.(\w+))?$/.exec(key) ?? [];
  const top = (SiteSchema as unknown as Schema).properties![section!];
  const holder = entry !== undefined ? top?.items : top;
  return field === undefined ? holder : holder?.properties?.[field];
}

/** Every string position of a schema (objects: each property, present or not; lists: their first item). */
function stringPositions(schema: Schema | undefined, path: Path = []): Path[] {
  if (!schema) return [];
  if (schema.type === 'string' || schema.anyOf) return [path];
  if (schema.type === 'array') return stringPositions(schema.items, [...path, 0]);
  return Object.entries(schema.properties ?? {}).flatMap(([k, sub]) => stringPositions(sub, [...path, k]));
}

function operatorOnlyAt(schema: Schema | undefined, path: Path): boolean {
  if (schema?.['x-operator-only'] === true) return true;
  if (!schema || !path.length) return false;
  const [head, ...rest] = path;
  return operatorOnlyAt(typeof head === 'number' ? schema.items : schema.properties?.[head!], rest);
}

/** `template` with NAME at `path` (missing objects and lists made on the way). */
function withName(template: unknown, path: Path): unknown {
  if (!path.length) return NAME;
  const [head, ...rest] = path;
  if (typeof head === 'number') return [withName(Array.isArray(template) ? template[0] : undefined, rest)];
  const object = template && typeof template === 'object' && !Array.isArray(template) ? template : {};
  return { ...object, [head!]: withName((object as Record<string, unknown>)[head!], rest) };
}

interface Probe {
  key: string;
  template: unknown;
}

/** The keys of the view the console gets: each field, each whole list entry, and a new entry per list. */
async function writableKeys(): Promise<Probe[]> {
  const view = await owner.call('GET', `/_admin/v1/site-settings?siteId=${server.siteId}`);
  expect(view.status).toBe(200);
  type Field = { key: string; name: string; value?: unknown; locked: boolean };
  type Entry = { id: string; fields: Field[] };
  type Section = { name: string; kind: string; idKey?: string; fields?: Field[]; entries?: Entry[] };
  const probes: Probe[] = [];
  for (const section of view.body.sections as Section[]) {
    for (const f of section.fields ?? []) if (!f.locked) probes.push({ key: f.key, template: f.value });
    if (section.kind !== 'list') continue;
    const whole = (entry: Entry, keepSecrets: boolean) => ({
      [section.idKey!]: entry.id,
      ...Object.fromEntries(
        entry.fields
          .filter((f) => f.value !== undefined && (keepSecrets || !isSetMarker(f.value)))
          .map((f) => [f.name, f.value]),
      ),
    });
    for (const entry of section.entries ?? []) {
      probes.push({ key: `${section.name}[${entry.id}]`, template: whole(entry, true) });
      for (const f of entry.fields) if (!f.locked) probes.push({ key: f.key, template: f.value });
    }
    const first = section.entries?.[0];
    const fresh = first ? { ...whole(first, false), [section.idKey!]: 'probe' } : { [section.idKey!]: 'probe' };
    probes.push({ key: `${section.name}[probe]`, template: fresh });
  }
  return probes;
}

describe('no setting reaches the environment (audit V5-1)', () => {
  it('puts a variable name in every string position of every writable key: never read, operator-only refused', async () => {
    expect(process.env[NAME]).toBe(SENTINEL);
    const probes = await writableKeys();
    expect(probes.map((p) => p.key)).toEqual(
      expect.arrayContaining(['phone.from', 'identityProviders[corp]', 'identityProviders[probe]', 'push.vapid']),
    );
    let tried = 0;
    let refusedOperatorOnly = 0;
    for (const { key, template } of probes) {
      const schema = fullSchemaOf(key);
      for (const position of stringPositions(schema)) {
        const value = withName(template, position);
        const res = await owner.call('PATCH', '/_admin/v1/site-settings', {
          siteId: server.siteId,
          changes: { [key]: value },
        });
        tried++;
        const where = `${key} = ${JSON.stringify(value)} → ${res.status} ${res.body?.message ?? ''}`;
        expect(res.status, where).toBeLessThan(500);
        expect(JSON.stringify(res.body), where).not.toContain(SENTINEL);
        expect(JSON.stringify(server.ctx.sites.get(server.siteId)), where).not.toContain(SENTINEL);
        if (operatorOnlyAt(schema, position)) {
          expect(res.status, where).toBe(400);
          expect(res.body.details.applicationError.code, where).toBe('UNKNOWN_SETTING');
          refusedOperatorOnly++;
        }
        if (res.status === 200)
          await owner.call('PATCH', '/_admin/v1/site-settings', { siteId: server.siteId, changes: { [key]: null } });
      }
    }
    expect(tried).toBeGreaterThan(40);
    // phone.apiBaseUrl and phone.authTokenEnv inside nothing, clientSecretEnv in two entries, verifyUrl, privateKeyEnv.
    expect(refusedOperatorOnly).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('refuses every operator-only key of the schema as a key of its own', async () => {
    const keys: string[] = [];
    for (const [name, section] of Object.entries((SiteSchema as unknown as Schema).properties!)) {
      const holder = section.type === 'array' ? section.items : section;
      for (const [field, sub] of Object.entries(holder?.properties ?? {}))
        if (sub['x-operator-only'] === true)
          keys.push(section.type === 'array' ? `${name}[corp].${field}` : `${name}.${field}`);
    }
    expect(keys).toEqual(
      expect.arrayContaining(['phone.authTokenEnv', 'phone.apiBaseUrl', 'identityProviders[corp].clientSecretEnv']),
    );
    for (const key of keys) {
      const res = await owner.call('PATCH', '/_admin/v1/site-settings', {
        siteId: server.siteId,
        changes: { [key]: NAME },
      });
      expect(res.status, key).toBe(400);
      expect(res.body.details.applicationError.code, key).toBe('UNKNOWN_SETTING');
      expect(res.body.message, key).toContain(`${key} can only be set by the server's operator in the config file`);
    }
  });
});
