import { ALPHA3_TO_ALPHA2, COUNTRY_CODES } from '../../config/countries.js';
import type { Migration } from '../types.js';

/** Every code the address book once accepted (alpha-3, or alpha-2 in any case) → its alpha-2, as SQL rows. */
const codes = [
  ...[...ALPHA3_TO_ALPHA2].map(([alpha3, alpha2]) => `('${alpha3}', '${alpha2}')`),
  ...COUNTRY_CODES.map((alpha2) => `('${alpha2}', '${alpha2}')`),
].join(',\n        ');

/**
 * Members' saved addresses with ISO 3166 alpha-2 countries (issue #53). The account's address book took a free-text
 * "Country code" of two or three letters, so "France" was saved as `FRA`, which checkout (alpha-2) then refused.
 * Alpha-3 codes and small letters (`fra`, `fr`) become alpha-2 capitals; values that are no country code stay as
 * they were, and the address book asks the member to choose the country again. The table is config/countries.ts.
 */
export const memberAddressCountries: Migration = {
  version: 104,
  name: 'member_address_countries',
  sql: `
    create temporary table country_codes (code text primary key, alpha2 text not null) on commit drop;
    insert into country_codes (code, alpha2) values
        ${codes};
    update members m
       set profile = jsonb_set(m.profile, '{addresses}', (
             select jsonb_agg(
                      case when cc.alpha2 is not null and cc.alpha2 <> e->'address'->>'country'
                           then jsonb_set(e, '{address,country}', to_jsonb(cc.alpha2))
                           else e end
                      order by t.n)
               from jsonb_array_elements(m.profile->'addresses') with ordinality as t(e, n)
               left join country_codes cc on cc.code = upper(trim(e->'address'->>'country'))))
     where jsonb_typeof(m.profile->'addresses') = 'array'
       and exists (
             select 1
               from jsonb_array_elements(m.profile->'addresses') e
               join country_codes cc on cc.code = upper(trim(e->'address'->>'country'))
              where cc.alpha2 <> e->'address'->>'country');
  `,
};
