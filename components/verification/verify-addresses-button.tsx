"use client";
// "Verify addresses" for a lead list or a campaign's leads: starts a job over their addresses and
// shows its progress ("Checking 2,310 of 10,000 addresses…") until it is done, then the counts.
// The badges of the page refresh when it ends.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TVerificationJob } from "@/server/schemas/verification";

const number = (value: number) => value.toLocaleString("en");

/** What a job says about itself, in words. */
export function jobProgressText(job: TVerificationJob): string {
  if (job.status === "failed") return job.error ?? "Checking stopped because of an error.";
  if (job.status !== "done") return `Checking ${number(job.checked)} of ${number(job.total)} addresses…`;
  const { valid, risky, invalid, unknown } = job.counts;
  const parts = [`${number(valid)} valid`, `${number(risky)} risky`, `${number(invalid)} invalid`];
  if (unknown) parts.push(`${number(unknown)} unknown (try again later)`);
  return `${number(job.total)} ${job.total === 1 ? "address" : "addresses"} checked: ${parts.join(", ")}.`;
}

export function VerifyAddressesButton({ target, size = "md", label }: { target: { listId: string } | { campaignId: string }; size?: "sm" | "md"; label?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation(
    trpc.verification.verifyLeads.mutationOptions({
      onSuccess: (job) => setJobId(job.id),
    }),
  );
  const job = useQuery({
    ...trpc.verification.job.queryOptions({ id: jobId ?? "" }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.status === "done" || query.state.data?.status === "failed" ? false : 1_500),
  });
  const finished = job.data?.status === "done" || job.data?.status === "failed";
  // The page's badges read the new results once the job ends.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: trpc.verification.forAddresses.queryKey() });
  }, [finished, queryClient, trpc]);
  const current = job.data ?? (start.data && start.data.id === jobId ? start.data : undefined);
  const running = current ? current.status === "queued" || current.status === "running" : start.isPending;
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      <Button variant="secondary" size={size} onClick={() => start.mutate(target)} disabled={running} aria-label={label}>
        {running ? "Verifying addresses…" : "Verify addresses"}
      </Button>
      <p role="status" aria-live="polite" className="text-xs text-slate-600" data-testid="verification-progress">
        {start.isError ? <span className="text-red-700">{errorMessage(start.error)}</span> : current ? jobProgressText(current) : null}
      </p>
    </div>
  );
}
