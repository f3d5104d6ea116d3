import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ZArtist, ZModerationResult, ZOpsReportQueue, type TEntryKind } from '@app/contracts';
import { apiGet, apiPost } from '@/lib/api-client';

const REPORTS_KEY = '/api/ops/reports';

export type ReportStatus = 'open' | 'dismissed';

/** GET /api/ops/reports?status=&cursor=: the queue a page at a time, newest report first. */
export function opsReportQueueQueryOptions(status: ReportStatus) {
  return infiniteQueryOptions({
    queryKey: [REPORTS_KEY, status],
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `${REPORTS_KEY}?status=${status}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        ZOpsReportQueue,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export type ModerationAction = 'hide' | 'restore' | 'dismiss-reports';

/** Hide, restore or dismiss with a reason; the queue is read again (the answer waits for it to show). */
export function useModerateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      id,
      action,
      reason,
    }: {
      kind: TEntryKind;
      id: string;
      action: ModerationAction;
      reason: string;
    }) => apiPost(`/api/ops/entries/${kind}/${encodeURIComponent(id)}/${action}`, { reason }, ZModerationResult),
    onSuccess: (_, { kind }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [REPORTS_KEY] }),
        // The entry's profile and every list it is (or was) in.
        queryClient.invalidateQueries({ queryKey: [kind === 'artist' ? '/api/artists' : '/api/venues'] }),
      ]),
  });
}

/** What the merge dialog shows of each candidate (artists and venues share these fields). */
const ZCandidates = ZArtist.pick({ id: true, name: true, addedBy: true }).array();

/** Entries of the kind whose names match `q` (the members' own search), to pick the survivor of a merge. */
export function mergeCandidatesQueryOptions(kind: TEntryKind, q: string) {
  const path = kind === 'artist' ? '/api/artists/all' : '/api/venues';
  return queryOptions({
    queryKey: [REPORTS_KEY, 'candidates', kind, q],
    queryFn: async ({ signal }) => {
      const entries = await apiGet(`${path}?q=${encodeURIComponent(q)}&limit=8`, ZCandidates, { signal });
      return entries.map((entry) => ({ id: entry.id, name: entry.name, addedBy: entry.addedBy.foundingFanNumber }));
    },
    enabled: q.trim().length >= 2,
  });
}

/** Merges the duplicate into the survivor; the queue and the catalogue are read again. */
export function useMergeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      id,
      survivorId,
      reason,
    }: {
      kind: TEntryKind;
      id: string;
      survivorId: string;
      reason: string;
    }) =>
      apiPost(`/api/ops/entries/${kind}/${encodeURIComponent(id)}/merge`, { survivorId, reason }, ZModerationResult),
    onSuccess: (_, { kind }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [REPORTS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [kind === 'artist' ? '/api/artists' : '/api/venues'] }),
      ]),
  });
}
