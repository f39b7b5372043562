import type { Migration } from '../types.js';

/**
 * Profile defaults as Wix makes them (issue #52, members/profile-defaults.ts): every member gets a nickname
 * (the email's local part) when the profile has none, and a slug unique on the site (from the nickname, else
 * the local part, by the rule of `slugBase`: lower case, accents dropped, other runs of characters one `-`,
 * at most 100 characters, `member` when empty). A slug two members already shared stays with the older one;
 * the others get `-2`, `-3`… and, should that be taken too, the first eight hex digits of their id. Then the
 * index keeps slugs unique from here on. `members_public` serves the Members API's queries of strangers, who see
 * public members only.
 */
const SLUG_OF = (source: string) => `coalesce(nullif(btrim(left(btrim(regexp_replace(
  regexp_replace(normalize(lower(${source}), NFKD), '[\\u0300-\\u036f]', '', 'g'),
  '[^a-z0-9]+', '-', 'g'), '-'), 100), '-'), ''), 'member')`;

const LOCAL_PART = `btrim(regexp_replace(email, '@[^@]*$', ''))`;

export const memberProfileDefaults: Migration = {
  version: 100,
  name: 'member_profile_defaults',
  sql: `
    update members set profile = profile || jsonb_build_object('nickname', ${LOCAL_PART})
     where coalesce(btrim(profile->>'nickname'), '') = '';

    update members set profile = profile || jsonb_build_object('slug', ${SLUG_OF(`profile->>'nickname'`)})
     where coalesce(btrim(profile->>'slug'), '') = '';

    with ranked as (
      select site_id, id, profile->>'slug' as slug,
             row_number() over (partition by site_id, profile->>'slug' order by created_at, id) as n
        from members
    )
    update members m set profile = m.profile || jsonb_build_object('slug', r.slug || '-' || r.n)
      from ranked r
     where r.n > 1 and m.site_id = r.site_id and m.id = r.id;

    with ranked as (
      select site_id, id, profile->>'slug' as slug,
             row_number() over (partition by site_id, profile->>'slug' order by created_at, id) as n
        from members
    )
    update members m set profile = m.profile || jsonb_build_object('slug', r.slug || '-' || left(replace(m.id::text, '-', ''), 8))
      from ranked r
     where r.n > 1 and m.site_id = r.site_id and m.id = r.id;

    create unique index members_slug on members (site_id, (profile->>'slug'));
    -- What visitors and members may list of others (the Members API): the few public members, not a scan of all.
    create index members_public on members (site_id, created_at) where profile->>'privacyStatus' = 'PUBLIC';
  `,
};
