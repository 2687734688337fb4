"use client";
// The lead page's verification line: the badge, why, when it was checked, and "Check now" (which
// checks it at once, or answers a fresh result from the store).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { formatDateTime } from "@/components/ui/format";
import { errorMessage } from "@/components/ui/trpc-error";
import { reasonSentence, VerificationBadge } from "./verification-badge";
import { useAddressVerifications } from "./use-address-verifications";

export function LeadVerification({ email }: { email: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const verifications = useAddressVerifications([email]);
  const check = useMutation(
    trpc.verification.verify.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.verification.forAddresses.queryKey() }) }),
  );
  if (!verifications.loaded) return <span className="text-slate-400">Loading…</span>;
  const verification = verifications.of(email);
  return (
    <div className="flex flex-col items-start gap-1" data-testid="lead-verification">
      <div className="flex flex-wrap items-center gap-2">
        <VerificationBadge verification={verification} />
        <button type="button" className="text-xs text-brand-700 hover:underline disabled:text-slate-400" disabled={check.isPending} onClick={() => check.mutate({ email })}>
          {check.isPending ? "Checking…" : verification ? "Check again" : "Check now"}
        </button>
      </div>
      {verification && (
        <p className="text-xs text-slate-600">
          {reasonSentence(verification.reason)} Checked {formatDateTime(verification.checkedAt)}.
        </p>
      )}
      {check.error && <p className="text-xs text-red-700">{errorMessage(check.error)}</p>}
    </div>
  );
}
