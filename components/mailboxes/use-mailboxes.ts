"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import { fetchEveryPage } from "@/components/ui/every-page";

/** Every mailbox of the workspace (all pages), newest first, as an array. */
export function useMailboxes(options: { refetchInterval?: number; enabled?: boolean } = {}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useQuery({
    // Under mailboxes.list's key, so that whatever invalidates the list refreshes this too.
    queryKey: [...trpc.mailboxes.list.queryKey(), "every page"],
    queryFn: async () => (await fetchEveryPage((paging) => client.mailboxes.list.query(paging), (page) => page.mailboxes)).rows,
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
  });
}
