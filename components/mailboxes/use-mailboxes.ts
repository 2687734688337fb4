"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import { fetchEveryPage } from "@/components/ui/every-page";
import type { TListMailboxesQuery } from "@/server/schemas/mailbox";

export interface MailboxFilters {
  status?: TListMailboxesQuery["status"];
  health?: TListMailboxesQuery["health"];
}

/** Every mailbox of the workspace (all pages, or those the filters keep), newest first, as an array. */
export function useMailboxes(options: { refetchInterval?: number; enabled?: boolean; filters?: MailboxFilters } = {}) {
  const filters = options.filters ?? {};
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useQuery({
    // Under mailboxes.list's key, so that whatever invalidates the list refreshes this too.
    queryKey: [...trpc.mailboxes.list.queryKey(), "every page", filters.status ?? null, filters.health ?? null],
    queryFn: async () => (await fetchEveryPage((paging) => client.mailboxes.list.query({ ...paging, ...filters }), (page) => page.mailboxes)).rows,
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
  });
}
