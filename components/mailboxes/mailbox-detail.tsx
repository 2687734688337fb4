"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { HealthSummaryCard } from "@/components/mailbox-health/health-summary-card";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { errorCode } from "@/components/ui/trpc-error";
import type { TMailbox } from "@/server/schemas/mailbox";
import { MailboxBadges, MailboxCounters, MailboxIcon, MailboxUsage, PROVIDER_LABELS, fromLine, mailboxName, mailboxPauseReasonText } from "./mailbox-display";
import { MailboxTrackingCard } from "@/components/tracking-domains/mailbox-tracking-card";
import { MailboxSettingsCard } from "./mailbox-settings-card";
import { PerformanceCard } from "./performance-card";
import { ProviderWebhookCard } from "./provider-webhook-card";
import { ReconnectHint } from "./reconnect-hint";
import { CancelManagedDialog } from "./cancel-managed-dialog";
import { RemoveMailboxDialog } from "./remove-mailbox-dialog";

const VIA: Record<TMailbox["connectedVia"], string> = { api: "the API", dashboard: "the dashboard", "hosted-link": "a hosted link", managed: "a mailbox order" };

function Header({ mailbox, onRemove }: { mailbox: TMailbox; onRemove: () => void }) {
  const trpc = useTRPC();
  const [cancellingManaged, setCancellingManaged] = useState(false);
  const { managed } = mailbox;
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.mailboxes.pathKey() });
  const pause = useMutation(trpc.mailboxes.pause.mutationOptions({ onSuccess: refresh }));
  const resume = useMutation(trpc.mailboxes.resume.mutationOptions({ onSuccess: refresh }));
  return (
    <div className="mb-6 space-y-3">
      <Link href="/mailboxes" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-800">
        <span aria-hidden="true">←</span> Mailboxes
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <MailboxIcon mailbox={mailbox} size="lg" />
          <div className="min-w-0 space-y-1">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{mailboxName(mailbox)}</h1>
            <p className="truncate text-sm text-slate-500">{fromLine(mailbox)}</p>
            <MailboxBadges mailbox={mailbox} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {mailbox.paused ? (
            <Button variant="secondary" disabled={resume.isPending} onClick={() => resume.mutate({ id: mailbox.id })}>
              {resume.isPending ? "Resuming…" : "Resume"}
            </Button>
          ) : (
            <Button variant="secondary" disabled={pause.isPending} onClick={() => pause.mutate({ id: mailbox.id })}>
              {pause.isPending ? "Pausing…" : "Pause"}
            </Button>
          )}
          {/* A managed mailbox ends with its subscription (removing it is refused, 409 managed-mailbox). */}
          {!managed ? (
            <Button variant="danger" onClick={onRemove}>
              Remove
            </Button>
          ) : (
            managed.status === "active" && (
              <Button variant="danger" onClick={() => setCancellingManaged(true)}>
                Cancel subscription
              </Button>
            )
          )}
        </div>
        {managed && cancellingManaged && <CancelManagedDialog mailbox={{ ...mailbox, managed }} onClose={() => setCancellingManaged(false)} />}
      </div>
      {mailbox.paused && (
        <Alert tone="warning">
          <span data-testid="mailbox-paused">
            {mailboxPauseReasonText(mailbox.pausedReason)}
            {mailbox.pausedAt ? ` since ${formatDateTime(mailbox.pausedAt)}` : ""}. Campaigns send nothing from it until it is resumed; its leads wait.
            {mailbox.pausedReason === "bounce-rate" || mailbox.pausedReason === "complaint-rate"
              ? " Check the list it sends to before resuming it: the rates count again from the moment it is resumed."
              : ""}
          </span>
        </Alert>
      )}
      {mailbox.status === "error" && (
        <Alert tone="error">
          <p className="font-medium" data-testid="mailbox-error">
            {mailbox.error ?? "This mailbox cannot send."}
          </p>
          <ReconnectHint mailbox={mailbox} />
        </Alert>
      )}
      <ErrorAlert error={pause.error ?? resume.error} />
    </div>
  );
}

function Facts({ mailbox }: { mailbox: TMailbox }) {
  const server = (kind: "smtp" | "imap") => {
    const settings = mailbox.settings?.[kind];
    return settings ? `${settings.host}:${settings.port} (${settings.security === "none" ? "unencrypted" : settings.security.toUpperCase()}), as ${settings.username}` : null;
  };
  const facts: Array<[string, string | null]> = [
    ["Provider", PROVIDER_LABELS[mailbox.provider]],
    ["Connected through", VIA[mailbox.connectedVia]],
    [
      "Sending and reading",
      mailbox.authType === "app"
        ? "Microsoft Graph, with this installation's Microsoft 365 app registration (no password)"
        : mailbox.authType === "api"
          ? `${PROVIDER_LABELS[mailbox.provider]}'s API with your key; replies through its inbound webhook. No warmup: warmup reads e-mail in the mailbox's folders, and e-mail API providers do not allow warmup traffic.`
          : null,
    ],
    ["Sending server", server("smtp")],
    ["Reading server", server("imap")],
    ["Restored from", mailbox.restoredFrom],
    ["Added", formatDateTime(mailbox.createdAt)],
    ["Mailbox id", mailbox.id],
  ];
  return (
    <Card title="About">
      <dl className="space-y-3 text-sm">
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== null)
          .map(([term, value]) => (
            <div key={term}>
              <dt className="text-xs text-slate-500">{term}</dt>
              <dd className={`break-words text-slate-800 ${term === "Mailbox id" || term === "Restored from" ? "font-mono text-xs" : ""}`}>{value}</dd>
            </div>
          ))}
      </dl>
    </Card>
  );
}

export function MailboxDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const mailbox = useQuery(trpc.mailboxes.get.queryOptions({ id }));
  const [removing, setRemoving] = useState(false);
  if (mailbox.isPending) {
    return (
      <p className="py-10 text-center text-sm text-slate-500" role="status">
        Loading mailbox…
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
      <Header mailbox={data} onRemove={() => setRemoving(true)} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card
            title="Sending"
            description={`Campaign e-mails today count against the daily limit, since midnight ${data.usage.timezone} time (${data.usage.date}). The totals count every e-mail since the mailbox was connected, your replies from the inbox included.`}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <MailboxUsage mailbox={data} />
              <MailboxCounters mailbox={data} />
            </div>
          </Card>
          <PerformanceCard mailboxId={data.id} />
        </div>
        <div className="min-w-0 space-y-6">
          <HealthSummaryCard mailbox={data} />
          <MailboxSettingsCard mailbox={data} />
          <MailboxTrackingCard mailboxId={data.id} />
          <ProviderWebhookCard mailbox={data} />
          <Facts mailbox={data} />
        </div>
      </div>
      {removing && <RemoveMailboxDialog mailbox={data} onClose={() => setRemoving(false)} />}
    </>
  );
}
