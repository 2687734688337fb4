"use client";
// A mailbox's health page: its domain's DNS records, the deliverability test and warmup, with the
// overall health on top. While a test runs the mailbox is read again every few seconds, so its
// progress and result show without a reload.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorAlert } from "@/components/senders/error-alert";
import { mailboxName } from "@/components/mailboxes/mailbox-display";
import { useTRPC } from "@/components/trpc/client";
import { EmptyState } from "@/components/ui/empty-state";
import { errorCode } from "@/components/ui/trpc-error";
import { DeliverabilityTestCard } from "./deliverability-test-card";
import { DnsChecksCard } from "./dns-checks-card";
import { MailboxHealthBadge } from "./health-badge";
import { healthReason } from "./health-format";
import { useWarmup } from "./use-warmup";
import { WarmupCard } from "./warmup-card";
import { WarmupCharts } from "./warmup-charts";
import { TrackingLinksLine } from "@/components/tracking-domains/tracking-links-line";

const POLL_WHILE_TESTING_MS = 3000;

export function MailboxHealthPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const mailbox = useQuery({
    ...trpc.mailboxes.get.queryOptions({ id }),
    refetchInterval: (query) => (query.state.data?.deliverabilityTest?.status === "running" ? POLL_WHILE_TESTING_MS : false),
  });
  const warmup = useWarmup(id);
  if (mailbox.isPending) {
    return (
      <p className="py-10 text-center text-sm text-slate-500" role="status">
        Loading mailbox health…
      </p>
    );
  }
  if (mailbox.error) {
    return errorCode(mailbox.error) === "not-found" || mailbox.error.data?.code === "NOT_FOUND" ? (
      <EmptyState
        title="This mailbox does not exist"
        action={
          <Link href="/mailboxes" className="text-sm font-medium text-brand-600 hover:underline">
            Back to mailboxes
          </Link>
        }
      >
        It was removed, or it belongs to another workspace.
      </EmptyState>
    ) : (
      <ErrorAlert error={mailbox.error} />
    );
  }
  const data = mailbox.data;
  return (
    <>
      <div className="mb-6 space-y-3">
        <Link href={`/mailboxes/${data.id}`} className="inline-flex max-w-full items-center gap-1 text-sm text-slate-500 hover:text-slate-800">
          <span aria-hidden="true">←</span> <span className="truncate">{mailboxName(data)}</span>
        </Link>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Mailbox health</h1>
          <p className="truncate text-sm text-slate-500">{data.email}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="mailbox-health-summary">
          <MailboxHealthBadge mailbox={data} />
          <span className="text-slate-600">{healthReason(data)}</span>
        </div>
        <TrackingLinksLine mailboxId={data.id} quietWhenFine />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <DnsChecksCard mailbox={data} />
          <DeliverabilityTestCard mailbox={data} />
        </div>
        <div className="min-w-0 space-y-6">
          <WarmupCard mailboxId={data.id} controls={warmup} />
          <WarmupCharts mailboxId={data.id} />
        </div>
      </div>
    </>
  );
}
