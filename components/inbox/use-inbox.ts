"use client";
// The Inbox's data: the conversation list page by page, one conversation, the unread count, and the
// actions on a conversation, all refreshed together after any change. The list and the open thread
// poll every few seconds so that replies appear without a reload; TanStack Query stops polling
// while the tab is hidden (refetchIntervalInBackground is off) and catches up when it shows again.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { listQuery, type InboxFilters } from "./inbox-filters-state";

export const INBOX_POLL_MS = 5_000;
const BADGE_POLL_MS = 15_000;

export function useConversations(filters: InboxFilters) {
  const trpc = useTRPC();
  return useInfiniteQuery({
    ...trpc.inbox.list.infiniteQueryOptions(listQuery(filters), {
      getNextPageParam: (page) => page.paging.nextCursor ?? undefined,
    }),
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: true,
    // Keep the rows on screen while a new filter's first page loads.
    placeholderData: (previous) => previous,
  });
}

export function useConversation(id: string | null) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.inbox.get.queryOptions({ id: id ?? "" }),
    enabled: Boolean(id),
    refetchInterval: INBOX_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useUnreadCount() {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.inbox.unreadCount.queryOptions(),
    select: (result) => result.unreadCount,
    refetchInterval: BADGE_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** Everything under the inbox router (list pages, threads, the badge's count) and the campaign pages a lead action changes. */
function useRefreshInbox() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.inbox.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.campaigns.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() }),
    ]);
}

export function useConversationActions() {
  const trpc = useTRPC();
  const refresh = useRefreshInbox();
  const options = { onSuccess: () => refresh() };
  return {
    reply: useMutation(trpc.inbox.reply.mutationOptions(options)),
    update: useMutation(trpc.inbox.update.mutationOptions(options)),
    pauseLead: useMutation(trpc.inbox.pauseLead.mutationOptions(options)),
    resumeLead: useMutation(trpc.inbox.resumeLead.mutationOptions(options)),
    stopLead: useMutation(trpc.inbox.stopLead.mutationOptions(options)),
  };
}
