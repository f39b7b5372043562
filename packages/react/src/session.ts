/**
 * The session as React sees it: a status and an identity key, kept in step with the client's tokens
 * (local changes, renewals that end a member session, and changes made by other tabs).
 */
import type { AuthClient, Tokens } from './client-types.js';

export type SessionStatus = 'loading' | 'visitor' | 'member';

export interface SessionSnapshot {
  status: SessionStatus;
  /**
   * Who the tokens belong to (the access token's subject, else a fallback). Changes on sign-in,
   * sign-out and when another tab switches the shopper; data cached for one identity is never shown
   * to another.
   */
  identity: string;
}

/** Reads the `sub` claim of a JWT without verifying it (the server does that); undefined if opaque. */
export function subjectOf(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { sub?: unknown };
    return typeof claims.sub == 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

function snapshotOf(tokens: Tokens | undefined, loggedIn: boolean): SessionSnapshot {
  const access = tokens?.accessToken.value ?? '';
  const refresh = tokens?.refreshToken.value ?? '';
  const role = tokens?.refreshToken.role ?? 'none';
  if (!access && !refresh) return { status: 'loading', identity: '' };
  const identity = subjectOf(access) ?? `${role}:${refresh.slice(0, 16) || access.slice(0, 16)}`;
  return { status: loggedIn || role == 'member' ? 'member' : 'visitor', identity };
}

export class SessionStore {
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly auth: AuthClient,
    subscribeToStorage?: (listener: () => void) => () => void,
  ) {
    this.snapshot = this.read();
    if (subscribeToStorage) this.cleanups.push(subscribeToStorage(() => this.refresh()));
    if (auth.onStatusChange) this.cleanups.push(auth.onStatusChange(() => this.refresh()));
  }

  private read(): SessionSnapshot {
    let tokens: Tokens | undefined;
    try {
      tokens = this.auth.getTokens();
    } catch {
      tokens = undefined;
    }
    return snapshotOf(tokens, this.auth.loggedIn());
  }

  /** Re-reads the tokens and notifies subscribers when status or identity changed. */
  refresh = (): void => {
    const next = this.read();
    if (next.status == this.snapshot.status && next.identity == this.snapshot.identity) return;
    this.snapshot = next;
    this.listeners.forEach((l) => l());
  };

  /**
   * Makes sure the shopper holds tokens (a new visitor gets anonymous ones). Not memoised here: the
   * SDK shares one token request among concurrent callers, and a call made after the tokens were
   * cleared must look again rather than reuse an earlier answer.
   */
  async start(): Promise<void> {
    if (this.auth.getAuthHeaders) await this.auth.getAuthHeaders();
    this.refresh();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  dispose(): void {
    this.cleanups.splice(0).forEach((c) => c());
    this.listeners.clear();
  }
}
