import type { Migration } from '../types.js';

export const ssoLoginLanguage: Migration = {
  version: 82,
  name: 'sso_login_language',
  sql: `
    -- The language the shopper chose on the hosted page before going to an identity provider (issue #18):
    -- the provider's callback carries no ?lang=, so the pages after it read the choice from here.
    alter table sso_logins add column language text;
  `,
};
