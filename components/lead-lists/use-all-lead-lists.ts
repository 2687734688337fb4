"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "@/components/trpc/client";
import { fetchEveryPage } from "@/components/ui/every-page";

/** Every lead list of the workspace (all pages), as `{lists, total}` like leadLists.list. */
export function useAllLeadLists() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useQuery({
    queryKey: [...trpc.leadLists.list.queryKey(), "every page"],
    queryFn: async () => {
      const { rows, total } = await fetchEveryPage((paging) => client.leadLists.list.query(paging), (page) => page.lists);
      return { lists: rows, total };
    },
  });
}
