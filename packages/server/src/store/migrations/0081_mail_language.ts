import type { Migration } from '../types.js';

export const mailLanguage: Migration = {
  version: 81,
  name: 'mail_language',
  sql: `
    -- The language a mail was written in (issue #18): delivery sends it as Content-Language.
    -- Mail queued before this version was English.
    alter table mail_outbox add column language text not null default 'en';
  `,
};
