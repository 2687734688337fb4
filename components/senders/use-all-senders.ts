"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import { fetchEveryPage } from "@/components/ui/every-page";

/** Every sender of the workspace (all pages), as `{senders, total}` like senders.list. */
export function useAllSenders(options: { refetchInterval?: number; enabled?: boolean } = {}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useQuery({
    // Under senders.list's key, so that whatever invalidates the list refreshes this too.
    queryKey: [...trpc.senders.list.queryKey(), "every page"],
    queryFn: async () => {
      const { rows, total } = await fetchEveryPage((paging) => client.senders.list.query(paging), (page) => page.senders);
      return { senders: rows, total };
    },
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
  });
}
