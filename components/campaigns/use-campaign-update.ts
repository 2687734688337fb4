"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";

/** campaigns.update for one campaign; the answer replaces the cached campaign. */
export function useCampaignUpdate(campaignId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.campaigns.update.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: campaignId }), updated);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.campaigns.leads.queryKey({ id: campaignId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.campaigns.sendState.queryKey({ id: campaignId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.leadLists.list.queryKey() }),
        ]);
      },
    }),
  );
}
