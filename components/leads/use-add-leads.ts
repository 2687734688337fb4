"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import type { TLeadInput } from "@/server/schemas/lead";

export type AddLeadsTarget = { kind: "campaign"; id: string; name: string } | { kind: "list"; id: string; name: string };

/** The API allows this many leads per request: larger pastes go in several. */
export const BATCH = 1000;

/** Adds leads to a campaign or a list through the same services as the API, and refreshes what shows them. */
export function useAddLeads(target: AddLeadsTarget) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toCampaign = useMutation(trpc.campaigns.addLeads.mutationOptions());
  const toList = useMutation(trpc.leadLists.addLeads.mutationOptions());
  async function add(leads: TLeadInput[]) {
    const input = { id: target.id, leads, source: "dashboard" as const };
    return target.kind === "campaign" ? toCampaign.mutateAsync(input) : toList.mutateAsync(input);
  }
  async function refresh() {
    if (target.kind === "campaign") {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.campaigns.leads.queryKey({ id: target.id }) }),
        queryClient.invalidateQueries({ queryKey: trpc.campaigns.get.queryKey({ id: target.id }) }),
      ]);
    } else {
      await queryClient.invalidateQueries({ queryKey: trpc.leadLists.pathKey() });
    }
  }
  return { add, refresh };
}
