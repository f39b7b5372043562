import { useCallback } from 'react';
import { useVitrine } from './context.js';
import { useQuery, useSession } from './hooks.js';
import type { QueryResult } from './hooks.js';

/** Address tags of the identity profile. */
export type AddressTag = 'UNTAGGED' | 'HOME' | 'WORK' | 'BILLING' | 'SHIPPING';

export interface MemberAddress {
  tag: AddressTag;
  address: {
    addressLine?: string;
    addressLine2?: string;
    city?: string;
    subdivision?: string;
    country?: string;
    postalCode?: string;
  };
}

export interface MemberProfile {
  id: string;
  loginEmail: string;
  status?: string;
  profile: {
    firstName?: string;
    lastName?: string;
    nickname?: string;
    /** The member's language (BCP 47): their mails and hosted pages use it. */
    language?: string;
    addresses?: MemberAddress[];
  };
}

export const MEMBER_PATH = '/_api/members/v1/members/my';

/** An error answer of the API, with the envelope's code and description when present. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Parses a JSON answer; throws `ApiRequestError` for anything but a 2xx. */
export async function readJson<T>(response: Response): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as T;
  const envelope = body as {
    message?: string;
    details?: { applicationError?: { code?: unknown; description?: string } };
  } | null;
  const app = envelope?.details?.applicationError;
  throw new ApiRequestError(
    app?.description || envelope?.message || response.statusText || 'Request failed',
    response.status,
    app?.code == null ? undefined : String(app.code),
    body,
  );
}

export interface MemberResult extends QueryResult<MemberProfile> {
  /** PATCHes the profile (names, addresses); the cached profile is replaced by the answer. */
  update(changes: { profile: Partial<MemberProfile['profile']> }): Promise<MemberProfile>;
}

/** The signed-in member's profile (status `loading` for visitors). */
export function useMember(): MemberResult {
  const { authFetch } = useVitrine();
  const { isMember } = useSession();
  const query = useQuery(
    ['member', 'my'],
    async () => (await readJson<{ member: MemberProfile }>(await authFetch(MEMBER_PATH))).member,
    { enabled: isMember },
  );
  const { setData } = query;
  const update = useCallback(
    async (changes: { profile: Partial<MemberProfile['profile']> }) => {
      const response = await authFetch(MEMBER_PATH, { method: 'PATCH', body: JSON.stringify(changes) });
      const { member } = await readJson<{ member: MemberProfile }>(response);
      setData(() => member);
      return member;
    },
    [authFetch, setData],
  );
  return { ...query, update };
}
