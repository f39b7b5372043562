import { useEffect, useState } from 'react';
import { api } from '../../api/client.js';
import type { MemberList, MemberRow, MemberStatus } from '../../api/types.js';

export type { MemberRow, MemberStatus };

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
  const [state, setState] = useState<{ members: MemberRow[]; total: number; loading: boolean; error?: string }>({
    members: [],
    total: 0,
    loading: true,
  });
  useEffect(() => {
    let live = true;
    const params = new URLSearchParams({
      siteId: query.siteId,
      sort: query.sort,
      order: query.order,
      limit: String(query.pageSize),
      offset: String(query.page * query.pageSize),
    });
    if (query.search.trim()) params.set('search', query.search.trim());
    if (query.status) params.set('status', query.status);
    setState((s) => ({ ...s, loading: true }));
    // A short pause while typing, so each keystroke does not cost a query.
    const timer = setTimeout(() => {
      api<MemberList>('GET', `/_admin/v1/members?${params}`)
        .then((result) => live && setState({ ...result, loading: false }))
        .catch((e: Error) => live && setState({ members: [], total: 0, loading: false, error: e.message }));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query.siteId, query.search, query.status, query.sort, query.order, query.page, query.pageSize]);
  return state;
}
