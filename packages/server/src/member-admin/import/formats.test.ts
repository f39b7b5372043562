import { describe, expect, it } from 'vitest';
import { parseExport } from './formats.js';

const now = Date.parse('2026-01-01T00:00:00Z');

describe('export readers', () => {
  it('Supabase: auth.users rows (bcrypt $2a$, confirmed, banned_until, metadata, identities)', () => {
    const content = JSON.stringify([
      {
        id: '9f0c…',
        email: 'sue@example.com',
        encrypted_password: '$2a$10$abcdefghijklmnopqrstuu5Rz2GiU6ZVKQ1kQ3l0v0x7uO1bqkSXa',
        email_confirmed_at: '2024-05-01T10:00:00Z',
        created_at: '2024-04-30T09:00:00Z',
        banned_until: '2999-01-01T00:00:00Z',
        raw_user_meta_data: { full_name: 'Sue Base', avatar_url: 'https://cdn.example/sue.png' },
        identities: [
          { provider: 'email', provider_id: 'sue@example.com' },
          { provider: 'github', provider_id: '4242', identity_data: { sub: '4242' } },
        ],
      },
    ]);
    const { rows, refused } = parseExport('supabase', content, { now });
    expect(refused).toEqual([]);
    expect(rows).toEqual([
      {
        row: 1,
        email: 'sue@example.com',
        emailVerified: true,
        passwordHash: '$2a$10$abcdefghijklmnopqrstuu5Rz2GiU6ZVKQ1kQ3l0v0x7uO1bqkSXa',
        createdAt: new Date('2024-04-30T09:00:00Z'),
        blocked: true,
        profile: { nickname: 'Sue Base', picture: 'https://cdn.example/sue.png' },
        links: [{ issuer: 'https://github.com', subject: '4242' }],
      },
    ]);
  });

  it("Clerk: the dashboard's CSV, with a Django PBKDF2 digest and an argon2id one", () => {
    const content = [
      'id,first_name,last_name,username,primary_email_address,primary_phone_number,verified_email_addresses,unverified_email_addresses,password_digest,password_hasher',
      'user_1,Cle,Rk,clerky,cle@example.com,+15550100,cle@example.com,,pbkdf2_sha256$600000$somesalt$AAAA,pbkdf2_sha256',
      'user_2,Ar,Gon,,ar@example.com,,,ar@example.com,"$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$YWJj",argon2id',
    ].join('\n');
    const { rows } = parseExport('clerk', content, { now });
    expect(rows[0]).toMatchObject({
      email: 'cle@example.com',
      emailVerified: true,
      passwordHash: `$pbkdf2-sha256$i=600000$${Buffer.from('somesalt').toString('base64')}$AAAA`,
      profile: { firstName: 'Cle', lastName: 'Rk', nickname: 'clerky', phones: ['+15550100'] },
    });
    expect(rows[1]).toMatchObject({
      email: 'ar@example.com',
      emailVerified: false,
      passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$YWJj',
    });
  });

  it("Vitrine's CSV: every column, provider links as 'issuer subject' pairs; a bad date refuses the row", () => {
    const content = [
      'email,email_verified,password_hash,first_name,last_name,nickname,phone,picture,created_at,blocked,provider_links',
      'c@example.com,yes,,Cee,Sv,,,,2021-01-02,false,https://accounts.google.com 111;https://appleid.apple.com 000.abc',
      'd@example.com,no,,,,,,,yesterday,,',
    ].join('\r\n');
    const { rows, refused } = parseExport('csv', content, { now });
    expect(rows).toEqual([
      {
        row: 1,
        email: 'c@example.com',
        emailVerified: true,
        passwordHash: null,
        createdAt: new Date('2021-01-02'),
        blocked: false,
        profile: { firstName: 'Cee', lastName: 'Sv' },
        links: [
          { issuer: 'https://accounts.google.com', subject: '111' },
          { issuer: 'https://appleid.apple.com', subject: '000.abc' },
        ],
      },
    ]);
    expect(refused).toEqual([{ row: 2, email: 'd@example.com', reason: 'created date is not a date' }]);
  });

  it('Auth0 as a JSON array too, and a file that is not JSON is an error (the API answers 400 on content)', () => {
    expect(parseExport('auth0', '[{"email":"a@example.com"}]', { now }).rows).toHaveLength(1);
    expect(() => parseExport('auth0', '{"email":"a@example.com"}\n{nope', { now })).toThrow();
  });
});
