import type { Migration } from '../types.js';

export const accountRedirects: Migration = {
  version: 19,
  name: 'account_redirects',
  sql: `
    -- Hosted account pages (docs/account-pages.md): a redirect session whose fullUrl leads to a members
    -- account section. The redirect session itself is a 'login' one (its sign-in page when needed, its
    -- single use and ten minutes); this row says which section it opens and, when a member's access
    -- token created it, that token's member session (the account pages' browser session joins it).
    create table account_redirects (
      site_id text not null,
      redirect_session_id uuid not null primary key,
      section text not null,
      member_session_id uuid,
      expires_at timestamptz not null
    );
    create index account_redirects_expiry on account_redirects (expires_at);
  `,
};
