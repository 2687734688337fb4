"use client";
import { useApprovalCounts } from "./use-approvals";

/** The navigation's count of drafts waiting for a decision beside "Approvals"; nothing when none wait. */
export function ApprovalsBadge() {
  const counts = useApprovalCounts();
  const total = counts.data ? counts.data.comments + counts.data.voiceNotes + (counts.data.aiLines ?? 0) + (counts.data.agentWrites ?? 0) : 0;
  if (!total) return null;
  return (
    <span data-testid="approvals-badge" className="ml-auto rounded-full bg-amber-500 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white tabular-nums">
      {total > 99 ? "99+" : total}
      <span className="sr-only"> waiting</span>
    </span>
  );
}
