"use client";
// Where a mailbox's tracking links point, for the mailbox health page and the deliverability test's
// report: a warning with the fix when the host is on another domain than the mailbox's.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";

export function TrackingLinksLine({ mailboxId, quietWhenFine = false }: { mailboxId: string; quietWhenFine?: boolean }) {
  const trpc = useTRPC();
  const tracking = useQuery(trpc.trackingDomains.forMailbox.queryOptions({ mailboxId }));
  const data = tracking.data;
  if (!data) return null;
  if (data.warning) {
    return (
      <Alert tone="warning">
        <span data-testid="tracking-links-warning">{data.warning}</span>{" "}
        <Link href="/mailboxes#tracking-domains" className="font-medium underline">
          Tracking domains
        </Link>
      </Alert>
    );
  }
  if (quietWhenFine) return null;
  return (
    <p className="text-xs text-slate-500" data-testid="tracking-links-line">
      Tracking links point at {data.host}, on the mailbox&apos;s own domain.
    </p>
  );
}
