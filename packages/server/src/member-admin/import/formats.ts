/**
 * Readers of other systems' member exports (docs/operating.md#importing-members): each turns its file into
 * the same rows — address, verified flag, kept password hash, created date, blocked state, profile and
 * provider links — or names the row it cannot read. Nothing here touches the database.
 */
import { papaparse } from '../../http/csv.js';
import { firebaseHash, fromDjangoPbkdf2 } from '../../security/index.js';

export const IMPORT_FORMATS = ['auth0', 'firebase', 'supabase', 'clerk', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportRow {
  /** 1-based position in the file (records for JSON, data lines for CSV). */
  row: number;
  email: string;
  emailVerified: boolean;
  /** As exported (bcrypt, argon2 PHC) or in a stored form (security/foreign-hashes.ts); null = none. */
  passwordHash: string | null;
  createdAt: Date | undefined;
  blocked: boolean;
  profile: Record<string, unknown>;
  links: { issuer: string; subject: string }[];
}

export interface Refusal {
  row: number;
  email?: string | undefined;
  reason: string;
}

/** Firebase's project-wide hash parameters (console → Users → ⋮ → Password hash parameters). */
export interface FirebaseProject {
  signerKey: string;
  saltSeparator: string;
  rounds: number;
  memCost: number;
}

type Raw = Record<string, unknown>;

// Providers' OpenID issuers, so an imported link signs in through the same provider configured here.
const ISSUERS: Record<string, string> = {
  'google-oauth2': 'https://accounts.google.com',
  'google.com': 'https://accounts.google.com',
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  'apple.com': 'https://appleid.apple.com',
  facebook: 'https://www.facebook.com',
  'facebook.com': 'https://www.facebook.com',
  github: 'https://github.com',
  'github.com': 'https://github.com',
  windowslive: 'https://login.live.com',
  'microsoft.com': 'https://login.microsoftonline.com',
};
const issuerOf = (provider: string, system: string) => ISSUERS[provider] ?? `${system}:${provider}`;

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const truthy = (v: unknown) => v === true || (typeof v === 'string' && /^(true|1|yes|y)$/i.test(v.trim()));
const obj = (v: unknown): Raw => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function date(v: unknown): Date | undefined | 'bad' {
  if (v === undefined || v === null || v === '') return undefined;
  // Firebase writes milliseconds since the epoch as a string.
  const d = typeof v === 'number' || /^\d{10,14}$/.test(String(v)) ? new Date(Number(v)) : new Date(String(v));
  return Number.isNaN(d.getTime()) ? 'bad' : d;
}

function compact(o: Raw): Raw {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && !(Array.isArray(v) && !v.length)));
}

/** JSON array, `{ users: [...] }`, or one JSON object per line (Auth0's export job). */
function records(content: string): Raw[] {
  const trimmed = content.trim();
  if (trimmed.startsWith('[')) return (JSON.parse(trimmed) as unknown[]).map(obj);
  if (trimmed.startsWith('{') && !/}\s*\n\s*{/.test(trimmed)) {
    const top = obj(JSON.parse(trimmed));
    if (Array.isArray(top.users)) return top.users.map(obj);
    return [top];
  }
  return trimmed
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => obj(JSON.parse(l)));
}

function csvRecords(content: string): Raw[] {
  const parsed = papaparse().parse<Raw>(content.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  return parsed.data;
}

type Partial = Omit<ImportRow, 'row' | 'createdAt'> & { createdAt: unknown };

function auth0(r: Raw): Partial {
  const custom = obj(obj(r.custom_password_hash).hash);
  return {
    email: text(r.email) ?? '',
    emailVerified: truthy(r.email_verified),
    passwordHash: text(r.passwordHash) ?? text(r.password_hash) ?? text(custom.value) ?? null,
    createdAt: r.created_at,
    blocked: truthy(r.blocked),
    profile: {
      firstName: text(r.given_name),
      lastName: text(r.family_name),
      nickname: text(r.nickname),
      picture: text(r.picture),
    },
    links: list(r.identities)
      .map(obj)
      .filter((i) => text(i.provider) && text(i.provider) !== 'auth0' && text(String(i.user_id ?? '')))
      .map((i) => ({ issuer: issuerOf(String(i.provider), 'auth0'), subject: String(i.user_id) })),
  };
}

function firebase(r: Raw, project: FirebaseProject | undefined): Partial {
  const hash = text(r.passwordHash);
  const salt = text(r.salt) ?? '';
  const name = text(r.displayName);
  return {
    email: text(r.email) ?? '',
    emailVerified: truthy(r.emailVerified),
    passwordHash: hash && project ? firebaseHash(project, salt, hash) : null,
    createdAt: r.createdAt,
    blocked: truthy(r.disabled),
    profile: { nickname: name, picture: text(r.photoUrl), phones: text(r.phoneNumber) ? [text(r.phoneNumber)] : [] },
    links: list(r.providerUserInfo)
      .map(obj)
      .filter((p) => text(p.providerId) && p.providerId !== 'password' && p.providerId !== 'phone' && text(p.rawId))
      .map((p) => ({ issuer: issuerOf(String(p.providerId), 'firebase'), subject: String(p.rawId) })),
  };
}

function supabase(r: Raw, now: number): Partial {
  const meta = obj(typeof r.raw_user_meta_data === 'string' ? JSON.parse(r.raw_user_meta_data) : r.raw_user_meta_data);
  const banned = date(r.banned_until);
  return {
    email: text(r.email) ?? '',
    emailVerified: Boolean(text(r.email_confirmed_at) ?? text(r.confirmed_at)),
    passwordHash: text(r.encrypted_password) ?? null,
    createdAt: r.created_at,
    blocked: banned instanceof Date && banned.getTime() > now,
    profile: {
      firstName: text(meta.first_name),
      lastName: text(meta.last_name),
      nickname: text(meta.full_name) ?? text(meta.name),
      picture: text(meta.avatar_url),
      phones: text(r.phone) ? [text(r.phone)] : [],
    },
    links: list(r.identities)
      .map(obj)
      .filter((i) => text(i.provider) && i.provider !== 'email' && i.provider !== 'phone')
      .map((i) => {
        const data = obj(i.identity_data);
        return {
          issuer: text(data.iss) ?? issuerOf(String(i.provider), 'supabase'),
          subject: String(text(i.provider_id) ?? text(data.sub) ?? ''),
        };
      })
      .filter((l) => l.subject),
  };
}

/** Clerk's dashboard export (CSV). */
function clerk(r: Raw): Partial {
  const email = text(r.primary_email_address) ?? '';
  const verified = String(r.verified_email_addresses ?? '')
    .split(/[|;,]/)
    .map((e) => e.trim().toLowerCase());
  const digest = text(r.password_digest);
  const hasher = text(r.password_hasher);
  const passwordHash = !digest ? null : hasher === 'pbkdf2_sha256' ? (fromDjangoPbkdf2(digest) ?? digest) : digest;
  return {
    email,
    emailVerified: verified.includes(email.toLowerCase()),
    passwordHash,
    createdAt: r.created_at,
    blocked: truthy(r.banned) || truthy(r.locked),
    profile: {
      firstName: text(r.first_name),
      lastName: text(r.last_name),
      nickname: text(r.username),
      phones: text(r.primary_phone_number) ? [text(r.primary_phone_number)] : [],
    },
    links: [],
  };
}

/** Vitrine's own CSV: email, email_verified, password_hash, first_name, last_name, nickname, phone, picture, created_at, blocked, provider_links. */
function csv(r: Raw): Partial {
  return {
    email: text(r.email) ?? '',
    emailVerified: truthy(r.email_verified),
    passwordHash: text(r.password_hash) ?? null,
    createdAt: r.created_at,
    blocked: truthy(r.blocked),
    profile: {
      firstName: text(r.first_name),
      lastName: text(r.last_name),
      nickname: text(r.nickname),
      picture: text(r.picture),
      phones: text(r.phone) ? [text(r.phone)] : [],
    },
    // "issuer subject" pairs separated by ';'
    links: String(r.provider_links ?? '')
      .split(';')
      .map((pair) => pair.trim().split(/\s+/))
      .filter((p) => p.length === 2 && p[0] && p[1])
      .map(([issuer, subject]) => ({ issuer: issuer!, subject: subject! })),
  };
}

export function parseExport(
  format: ImportFormat,
  content: string,
  options: { firebase?: FirebaseProject | undefined; now: number },
): { rows: ImportRow[]; refused: Refusal[] } {
  const raw = format === 'clerk' || format === 'csv' ? csvRecords(content) : records(content);
  const rows: ImportRow[] = [];
  const refused: Refusal[] = [];
  raw.forEach((r, i) => {
    const row = i + 1;
    try {
      const p =
        format === 'auth0'
          ? auth0(r)
          : format === 'firebase'
            ? firebase(r, options.firebase)
            : format === 'supabase'
              ? supabase(r, options.now)
              : format === 'clerk'
                ? clerk(r)
                : csv(r);
      const createdAt = date(p.createdAt);
      if (createdAt === 'bad') return void refused.push({ row, email: p.email, reason: 'created date is not a date' });
      rows.push({ ...p, row, createdAt, profile: compact(p.profile) });
    } catch (error) {
      refused.push({ row, reason: `unreadable record: ${(error as Error).message.slice(0, 120)}` });
    }
  });
  return { rows, refused };
}
