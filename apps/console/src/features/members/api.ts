import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import { pause } from '../../api/query.js';
import type { MemberImport, MemberStatus } from '../../api/types.js';

/** The console's side of `/_admin/v1/members` (server: members/admin-routes.ts). */
export type { MemberRow, MemberStatus } from '../../api/types.js';

const membersKeys = {
  all: (siteId: string) => ['members', siteId] as const,
  lists: (siteId: string) => ['members', siteId, 'list'] as const,
  one: (siteId: string, id: string) => ['members', siteId, 'member', id] as const,
};

export interface MembersQuery {
  siteId: string;
  search: string;
  status: MemberStatus | '';
  sort: 'createdDate' | 'email';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** One page of members from the server (search, filter, sort and paging all happen there). */
export function useMembers(query: MembersQuery) {
  const { siteId, search, status, sort, order, page, pageSize } = query;
  return useQuery({
    queryKey: [...membersKeys.lists(siteId), { search: search.trim(), status, sort, order, page, pageSize }],
    queryFn: async ({ signal }) => {
      await pause(150, signal);
      const filters = { ...(search.trim() ? { search: search.trim() } : {}), ...(status ? { status } : {}) };
      return answer(
        client.GET('/_admin/v1/members', {
          params: { query: { siteId, sort, order, limit: pageSize, offset: page * pageSize, ...filters } },
          signal,
        }),
      );
    },
    // The rows stay while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useMember(siteId: string, id: string, enabled = true) {
  return useQuery({
    queryKey: membersKeys.one(siteId, id),
    queryFn: () => answer(client.GET('/_admin/v1/members/{id}', { params: { path: { id }, query: { siteId } } })),
    enabled,
  });
}

/** What support can do to a member, each a POST to `/members/{id}/<action>`. */
export type MemberAction =
  | 'approve'
  | 'block'
  | 'unblock'
  | 'end-sessions'
  | 'send-password-reset'
  | 'resend-verification'
  | 'unlock-second-factor';

/** An action on the member, or a second factor removed; the member is read again after either. */
export type MemberChange = { action: MemberAction } | { removeFactor: string };

export function useMemberChange(siteId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: MemberChange) => {
      const body = { siteId };
      if ('removeFactor' in change)
        return answer(
          client.DELETE('/_admin/v1/members/{id}/factors/{factorId}', {
            params: { path: { id, factorId: change.removeFactor }, query: { siteId } },
          }),
        );
      const path = { path: { id } };
      switch (change.action) {
        case 'approve':
          return answer(client.POST('/_admin/v1/members/{id}/approve', { params: path, body }));
        case 'block':
          return answer(client.POST('/_admin/v1/members/{id}/block', { params: path, body }));
        case 'unblock':
          return answer(client.POST('/_admin/v1/members/{id}/unblock', { params: path, body }));
        case 'end-sessions':
          return answer(client.POST('/_admin/v1/members/{id}/end-sessions', { params: path, body }));
        case 'send-password-reset':
          return answer(client.POST('/_admin/v1/members/{id}/send-password-reset', { params: path, body }));
        case 'resend-verification':
          return answer(client.POST('/_admin/v1/members/{id}/resend-verification', { params: path, body }));
        case 'unlock-second-factor':
          return answer(client.POST('/_admin/v1/members/{id}/unlock-second-factor', { params: path, body }));
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKeys.all(siteId) }),
  });
}

export function useDeleteMember(siteId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(client.DELETE('/_admin/v1/members/{id}', { params: { path: { id }, query: { siteId } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: membersKeys.one(siteId, id) });
      return queryClient.invalidateQueries({ queryKey: membersKeys.lists(siteId) });
    },
  });
}

/** The member's data as one JSON document (the same file the member downloads from their account). */
export function useMemberData(siteId: string, id: string) {
  return useMutation({
    mutationFn: () =>
      answer(client.GET('/_admin/v1/members/{id}/data', { params: { path: { id }, query: { siteId } } })),
  });
}

export function useImportMembers(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberImport) => answer(client.POST('/_admin/v1/members/import', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKeys.all(siteId) }),
  });
}
