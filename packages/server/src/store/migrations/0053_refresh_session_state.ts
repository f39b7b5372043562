import type { Migration } from '../types.js';

/**
 * The member refresh grant in one indexed lookup (issue #11): each refresh-token row carries what the
 * grant needs from its session (member, last use, revocation), so the hot path reads one row by its
 * primary key instead of joining `sessions`. A trigger copies every change of a session's revocation or
 * last use onto its refresh tokens in the same statement and transaction, so whatever ends a session
 * (logout, password change, block, reuse detection, a future path nobody remembers to update) holds on
 * every instance at once: there is no second write for code to forget. A token's `expires_at` already is
 * its session's (set from it on insert and rotation).
 */
export const refreshSessionState: Migration = {
  version: 53,
  name: 'refresh_session_state',
  sql: `
    alter table refresh_tokens
      add column member_id text,
      add column session_last_used_at timestamptz,
      add column session_revoked_at timestamptz;
    update refresh_tokens rt
       set member_id = s.member_id, session_last_used_at = s.last_used_at, session_revoked_at = s.revoked_at
      from sessions s
     where s.site_id = rt.site_id and s.id = rt.session_id;
    -- Tokens whose session is gone could never be used again.
    delete from refresh_tokens where member_id is null;
    alter table refresh_tokens alter column member_id set not null, alter column session_last_used_at set not null;

    create function refresh_tokens_follow_session() returns trigger language plpgsql as $$
    begin
      update refresh_tokens
         set session_revoked_at = new.revoked_at, session_last_used_at = new.last_used_at
       where site_id = new.site_id and session_id = new.id;
      return null;
    end
    $$;
    create trigger sessions_state_to_refresh_tokens
      after update of revoked_at, last_used_at on sessions
      for each row
      when (old.revoked_at is distinct from new.revoked_at or old.last_used_at is distinct from new.last_used_at)
      execute function refresh_tokens_follow_session();
  `,
};
