"use client";
// The Approvals queue's data: each kind's pending drafts page by page (oldest first), the counts
// the tabs and the navigation show, and the decisions. Lists and counts poll every few seconds, so
// drafts the executor writes, and decisions other approvers make, show up without a reload
// (TanStack Query pauses polling while the tab is hidden and catches up when it shows again).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import type { ApprovalKind } from "./queue-state";

export const APPROVALS_POLL_MS = 5_000;
const BADGE_POLL_MS = 15_000;
export const QUEUE_PAGE = 50;

export interface QueueFilters {
  campaignId: string | null;
  linkedinAccountId: string | null;
}

function listInput(filters: QueueFilters, offset: number) {
  return {
    limit: QUEUE_PAGE,
    offset,
    ...(filters.campaignId ? { campaignId: filters.campaignId } : {}),
    ...(filters.linkedinAccountId ? { linkedinAccountId: filters.linkedinAccountId } : {}),
  };
}

export function usePendingComments(filters: QueueFilters, offset: number, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.approvals.comments.list.queryOptions(listInput(filters, offset)),
    enabled,
    refetchInterval: APPROVALS_POLL_MS,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
}

export function usePendingVoiceNotes(filters: QueueFilters, offset: number, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.approvals.voiceNotes.list.queryOptions(listInput(filters, offset)),
    enabled,
    refetchInterval: APPROVALS_POLL_MS,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
}

/** Pending drafts per kind; the page polls faster than the navigation's badge. */
export function useApprovalCounts(options: { fast?: boolean } = {}) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.approvals.counts.queryOptions(),
    refetchInterval: options.fast ? APPROVALS_POLL_MS : BADGE_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** Everything under the approvals router, and the campaign pages a decision moves leads on. */
export function useRefreshApprovals() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.approvals.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.campaigns.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.leads.pathKey() }),
    ]);
}

/** Every decision and change on drafts; the queue refreshes after each, failed or not (a 409 means the list is stale). */
export function useApprovalActions() {
  const trpc = useTRPC();
  const refresh = useRefreshApprovals();
  const options = { onSettled: () => refresh() };
  return {
    comments: {
      approve: useMutation(trpc.approvals.comments.approve.mutationOptions(options)),
      edit: useMutation(trpc.approvals.comments.edit.mutationOptions(options)),
      regenerate: useMutation(trpc.approvals.comments.regenerate.mutationOptions(options)),
      reject: useMutation(trpc.approvals.comments.reject.mutationOptions(options)),
      approveMany: useMutation(trpc.approvals.comments.approveMany.mutationOptions(options)),
      rejectMany: useMutation(trpc.approvals.comments.rejectMany.mutationOptions(options)),
    },
    voiceNotes: {
      approve: useMutation(trpc.approvals.voiceNotes.approve.mutationOptions(options)),
      reRecord: useMutation(trpc.approvals.voiceNotes.reRecord.mutationOptions(options)),
      reject: useMutation(trpc.approvals.voiceNotes.reject.mutationOptions(options)),
      uploadRecording: useMutation(trpc.approvals.voiceNotes.uploadRecording.mutationOptions(options)),
      approveMany: useMutation(trpc.approvals.voiceNotes.approveMany.mutationOptions(options)),
      rejectMany: useMutation(trpc.approvals.voiceNotes.rejectMany.mutationOptions(options)),
    },
  } satisfies Record<ApprovalKind, unknown>;
}

export type ApprovalActions = ReturnType<typeof useApprovalActions>;
