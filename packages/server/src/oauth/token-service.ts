import { randomUUID } from 'node:crypto';
import type { ClientConfig, ServerConfig, SiteConfig } from '../config/types.js';
import { OAuthError } from '../errors/wire.js';
import type { AuthEventLog } from '../security/index.js';
import type { Database, Queryable } from '../store/types.js';
import { signAccessToken, verifyAccessToken, type AccessClaims, type VerifyFailure } from './jwt.js';
import { wixDataClaim } from './wix-data-claim.js';
import type { KeyRing } from './keys.js';
import { endSession } from './session-end.js';
import { refreshTokenFinder } from './refresh-lookup.js';
import { sessionChecker } from './session-check.js';
import * as sessions from '../sessions/member-sessions.js';
import { isVisitorRefreshToken, openVisitorRefreshToken, sealVisitorRefreshToken } from './visitor-refresh.js';

/** The token endpoint's success body (RFC 6749 §5.1); the reference client reads the first three. */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
}

export interface MemberSessionTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

const invalidGrant = (why: string) => new OAuthError(400, 'invalid_grant', why);

/** Where a refresh records what it ends (reuse, idle): the event log and the caller's address. */
export interface RefreshAudit {
  events: AuthEventLog;
  ip?: string | undefined;
}

/** Issues, refreshes, verifies and revokes tokens: the token model of docs/design.md §4. */
export class TokenService {
  /** The member refresh grant's read, batched per event-loop turn (refresh-lookup.ts); never cached. */
  private readonly findRefresh: (token: string) => Promise<sessions.StoredRefresh | undefined>;
  /** The per-request session check of member access tokens, batched the same way (session-check.ts). */
  private readonly checkSession: ReturnType<typeof sessionChecker>;

  constructor(
    private readonly db: Database,
    readonly keys: KeyRing,
    private readonly config: ServerConfig,
    private readonly now: () => number,
  ) {
    this.findRefresh = refreshTokenFinder(db);
    this.checkSession = sessionChecker(db);
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  private accessToken(
    site: SiteConfig,
    clientId: string,
    sub: string,
    role: 'visitor' | 'member',
    sid?: string,
  ): string {
    const iat = this.seconds();
    const exp = iat + site.tokens.accessTokenTtl;
    const claims: AccessClaims = {
      iss: this.config.publicUrl,
      sub,
      aud: clientId,
      client_id: clientId,
      site: site.id,
      role,
      ...(sid ? { sid } : {}),
      iat,
      exp,
      jti: randomUUID(),
      data: wixDataClaim({ siteId: site.id, clientId, sub, role, iat, exp }),
    };
    return signAccessToken(this.keys, claims);
  }

  /** The anonymous grant: a new visitor, one signature, no database write. */
  issueVisitor(site: SiteConfig, client: ClientConfig, visitorId: string = randomUUID()): TokenResponse {
    const refresh = sealVisitorRefreshToken(this.keys, {
      site: site.id,
      client: client.clientId,
      visitor: visitorId,
      exp: this.seconds() + site.tokens.visitorRefreshTtl,
    });
    return this.response(site, this.accessToken(site, client.clientId, visitorId, 'visitor'), refresh);
  }

  /** Sessions of the site not used since this moment have passed their idle timeout (`tokens.memberIdleTtl`, 0 = none). */
  idleSince(site: Pick<SiteConfig, 'tokens'>): Date {
    const idle = site.tokens.memberIdleTtl;
    return new Date(idle > 0 ? this.now() - idle * 1000 : 0);
  }

  async refresh(
    site: SiteConfig,
    client: ClientConfig,
    refreshToken: string,
    audit: RefreshAudit,
  ): Promise<TokenResponse> {
    if (isVisitorRefreshToken(refreshToken)) {
      const payload = openVisitorRefreshToken(this.keys, refreshToken, this.seconds());
      if (!payload) throw invalidGrant('refresh token is invalid or expired');
      if (payload.site !== site.id || payload.client !== client.clientId)
        throw invalidGrant('refresh token was issued to another client');
      return this.response(site, this.accessToken(site, client.clientId, payload.visitor, 'visitor'), refreshToken);
    }
    if (!sessions.MEMBER_REFRESH_TOKEN.test(refreshToken)) throw invalidGrant('refresh token is invalid or expired');
    const row = await this.findRefresh(refreshToken);
    if (!row || row.site_id !== site.id || row.client_id !== client.clientId)
      throw invalidGrant('refresh token is invalid or expired');
    if (row.revoked_at || row.session_expires_at.getTime() <= this.now()) throw invalidGrant('the session has ended');
    if (row.session_last_used_at.getTime() <= this.idleSince(site).getTime()) {
      await this.db.transaction((tx) =>
        endSession(audit.events, tx, { siteId: row.site_id, sessionId: row.session_id, reason: 'idle', ip: audit.ip }),
      );
      throw invalidGrant('the session has ended');
    }
    if (sessions.lastUseIsStale(row.session_last_used_at, this.now()))
      await sessions.touchSession(this.db, row.site_id, row.session_id, this.now());
    const access = () => this.accessToken(site, client.clientId, row.member_id, 'member', row.session_id);
    // A kept token (its client keeps its first refresh token, client-kind.ts) never rotates.
    if (!client.refreshTokenRotation || sessions.isKeptRefreshToken(refreshToken))
      return this.response(site, access(), refreshToken);
    return this.rotateAndIssue(site, row, refreshToken, access, audit);
  }

  /**
   * Rotation: a fresh refresh token each time. Replaying the immediately previous token inside the
   * grace window returns the current one (a retry after a lost response); any other replay is taken
   * as theft and ends the whole session (RFC 9700 §4.14.2).
   */
  private async rotateAndIssue(
    site: SiteConfig,
    row: sessions.StoredRefresh,
    presented: string,
    access: () => string,
    audit: RefreshAudit,
  ): Promise<TokenResponse> {
    if (row.rotated_at) {
      const withinGrace = this.now() - row.rotated_at.getTime() <= sessions.ROTATION_GRACE_SECONDS * 1000;
      if (withinGrace && row.replaced_by && (await sessions.isCurrentToken(this.db, row.replaced_by))) {
        return this.response(site, access(), sessions.successorToken(this.keys.activeMac.secret, presented));
      }
      await this.db.transaction(async (tx) => {
        await audit.events.record(
          {
            type: 'refresh_token_reuse',
            outcome: 'refused',
            siteId: row.site_id,
            memberId: row.member_id,
            clientId: row.client_id,
            ip: audit.ip,
            detail: { sessionId: row.session_id },
          },
          tx,
        );
        await endSession(audit.events, tx, {
          siteId: row.site_id,
          sessionId: row.session_id,
          reason: 'refresh-token-reuse',
          ip: audit.ip,
        });
      });
      throw invalidGrant('refresh token was already used; the session has been ended');
    }
    const next = sessions.successorToken(this.keys.activeMac.secret, presented);
    const rotated = await this.db.transaction((tx) => sessions.rotate(tx, row, presented, next, new Date(this.now())));
    if (!rotated) {
      // A concurrent request rotated it a moment ago: answer like the grace-window retry.
      const fresh = await sessions.findRefreshToken(this.db, presented);
      if (fresh?.rotated_at) return this.rotateAndIssue(site, fresh, presented, access, audit);
      throw invalidGrant('refresh token is invalid or expired');
    }
    return this.response(site, access(), next);
  }

  /** Starts a member session (login, code exchange, external login) and returns its first tokens. */
  async createMemberSession(
    tx: Queryable,
    input: {
      siteId: string;
      clientId: string;
      memberId: string;
      visitorId?: string | undefined;
      /** The client keeps its first refresh token (`keepsFirstRefreshToken`): the session's never rotates. */
      keepsFirstRefreshToken?: boolean | undefined;
    },
  ): Promise<MemberSessionTokens> {
    const site = this.config.sites.find((s) => s.id === input.siteId);
    if (!site) throw new Error(`unknown site ${input.siteId}`);
    const created = await sessions.insertSession(tx, {
      ...input,
      ttlSeconds: site.tokens.memberSessionTtl,
      now: this.now(),
    });
    return {
      sessionId: created.sessionId,
      accessToken: this.accessToken(site, input.clientId, input.memberId, 'member', created.sessionId),
      refreshToken: created.refreshToken,
      expiresIn: site.tokens.accessTokenTtl,
    };
  }

  revokeSession(tx: Queryable, siteId: string, sessionId: string, reason: string): Promise<boolean> {
    return sessions.revokeSession(tx, siteId, sessionId, reason);
  }

  revokeMemberSessions(
    tx: Queryable,
    siteId: string,
    memberId: string,
    options: { exceptSessionId?: string | undefined; reason: string },
  ): Promise<number> {
    return sessions.revokeMemberSessions(tx, siteId, memberId, options);
  }

  /** The per-request check of a member token: revoked, absolute lifetime and idle timeout, in one read. */
  async isSessionActive(siteId: string, sessionId: string): Promise<boolean> {
    const site = this.config.sites.find((s) => s.id === siteId);
    if (!site) return false;
    return this.checkSession(siteId, sessionId, new Date(this.now()), this.idleSince(site));
  }

  /** Verifies an access token; a kid this instance has not seen yet triggers one key reload. */
  async verify(token: string): Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: VerifyFailure }> {
    const result = verifyAccessToken(this.keys, token, this.config.publicUrl, this.seconds());
    if (result.ok || result.reason !== 'unknown-key') return result;
    await this.keys.reloadThrottled();
    return verifyAccessToken(this.keys, token, this.config.publicUrl, this.seconds());
  }

  response(site: SiteConfig, accessToken: string, refreshToken: string): TokenResponse {
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: site.tokens.accessTokenTtl,
      token_type: 'Bearer',
    };
  }
}
