"use client";
// The mailbox's warmup ({warmup, available, limits}) and the mutations that change it: each returns
// the new envelope, which replaces the cached one; the mailbox (its overall health) refreshes too.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import type { TWarmupResult } from "@/server/schemas/mailbox-health";

export function useWarmup(mailboxId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.mailboxHealth.warmup.queryOptions({ id: mailboxId }));
  const onSuccess = async (result: TWarmupResult) => {
    queryClient.setQueryData(trpc.mailboxHealth.warmup.queryKey({ id: mailboxId }), result);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.mailboxes.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.mailboxHealth.warmupHistory.pathKey() }),
    ]);
  };
  return {
    query,
    start: useMutation(trpc.mailboxHealth.startWarmup.mutationOptions({ onSuccess })),
    stop: useMutation(trpc.mailboxHealth.stopWarmup.mutationOptions({ onSuccess })),
    resume: useMutation(trpc.mailboxHealth.resumeWarmup.mutationOptions({ onSuccess })),
    update: useMutation(trpc.mailboxHealth.updateWarmup.mutationOptions({ onSuccess })),
  };
}

export type WarmupControls = ReturnType<typeof useWarmup>;

/** Changes to a mailbox's warmup strategy, as the strategy form saves them. */
export type StrategyChanges = Parameters<WarmupControls["update"]["mutate"]>[0]["changes"];
