"use client";
import Link from "next/link";
import { useState } from "react";
import { MailboxHealthBadge } from "@/components/mailbox-health/health-badge";
import { MAILBOX_HEALTH_BADGE, healthReason } from "@/components/mailbox-health/health-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { plural } from "@/components/ui/plural";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TMailbox } from "@/server/schemas/mailbox";
import { CancelManagedDialog } from "./cancel-managed-dialog";
import { ConnectMailboxDialog } from "./connect-mailbox-dialog";
import { MailboxBadges, MailboxCounters, MailboxIcon, MailboxUsage, fromLine, mailboxName } from "./mailbox-display";
import { useMailboxes, type MailboxFilters } from "./use-mailboxes";

const STATUS_FILTERS: Array<[NonNullable<MailboxFilters["status"]>, string]> = [
  ["connected", "Connected"],
  ["pending", "Connecting"],
  ["error", "Error"],
  ["disconnected", "Disconnected"],
];
const HEALTH_FILTERS = (["failing", "warning", "ok", "unchecked"] as const).map((health) => [health, MAILBOX_HEALTH_BADGE[health].label] as const);

function HealthCell({ mailbox }: { mailbox: TMailbox }) {
  return (
    <div className="min-w-0 space-y-1">
      <p className="text-xs text-slate-500 lg:sr-only">Health</p>
      <Link href={`/mailboxes/${mailbox.id}/health`} className="inline-flex" aria-label={`Health of ${mailboxName(mailbox)}: ${MAILBOX_HEALTH_BADGE[mailbox.health].label}`}>
        <MailboxHealthBadge mailbox={mailbox} />
      </Link>
      <p className="line-clamp-2 text-xs break-words text-slate-500" data-testid="mailbox-health-reason">
        {healthReason(mailbox)}
      </p>
    </div>
  );
}

function Filters({ filters, onChange }: { filters: MailboxFilters; onChange: (filters: MailboxFilters) => void }) {
  return (
    <div className="mb-4 flex flex-wrap gap-3" role="group" aria-label="Filter mailboxes">
      <div className="w-full sm:w-44">
        <Select aria-label="Status" value={filters.status ?? ""} onChange={(event) => onChange({ ...filters, status: (event.target.value || undefined) as MailboxFilters["status"] })}>
          <option value="">Any status</option>
          {STATUS_FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-full sm:w-44">
        <Select aria-label="Health" value={filters.health ?? ""} onChange={(event) => onChange({ ...filters, health: (event.target.value || undefined) as MailboxFilters["health"] })}>
          <option value="">Any health</option>
          {HEALTH_FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

function MailboxRow({ mailbox }: { mailbox: TMailbox }) {
  const name = mailboxName(mailbox);
  const [cancelling, setCancelling] = useState(false);
  const { managed } = mailbox;
  return (
    <li data-testid="mailbox-row" className="grid gap-4 px-5 py-4 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,0.7fr)_minmax(0,1fr)_auto] lg:items-center">
      <div className="flex min-w-0 items-start gap-3">
        <MailboxIcon mailbox={mailbox} />
        <div className="min-w-0 space-y-1">
          <Link href={`/mailboxes/${mailbox.id}`} className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline">
            {name}
          </Link>
          <p className="truncate text-xs text-slate-500" title={fromLine(mailbox)}>
            {fromLine(mailbox)}
          </p>
          <MailboxBadges mailbox={mailbox} />
          {mailbox.status === "error" && mailbox.error && (
            <p className="text-xs text-red-700" data-testid="mailbox-error">
              {mailbox.error}
            </p>
          )}
        </div>
      </div>
      <HealthCell mailbox={mailbox} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <MailboxUsage mailbox={mailbox} />
        <MailboxCounters mailbox={mailbox} />
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        {managed?.status === "active" && (
          <Button variant="secondary" size="sm" onClick={() => setCancelling(true)} aria-label={`Cancel the subscription of ${name}`}>
            Cancel subscription
          </Button>
        )}
        <Link
          href={`/mailboxes/${mailbox.id}`}
          className="inline-flex items-center rounded-md px-2.5 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          aria-label={`Manage ${name}`}
        >
          {mailbox.status === "error" ? "Fix" : "Manage"}
        </Link>
      </div>
      {managed && cancelling && <CancelManagedDialog mailbox={{ ...mailbox, managed }} onClose={() => setCancelling(false)} />}
    </li>
  );
}

export function MailboxesList() {
  const [filters, setFilters] = useState<MailboxFilters>({});
  const filtered = Boolean(filters.status || filters.health);
  const mailboxes = useMailboxes({ refetchInterval: 30_000, filters });
  const [connecting, setConnecting] = useState(false);
  const rows = mailboxes.data ?? [];
  const failing = rows.filter((mailbox) => mailbox.status === "error").length;

  const connectButton = (
    <Button onClick={() => setConnecting(true)}>
      <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M10 4v12M4 10h12" strokeLinecap="round" />
      </svg>
      Connect a mailbox
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Mailboxes"
        description={
          <>
            E-mail accounts that send your campaigns&apos; e-mail steps, each within its daily limit.
            {rows.length > 0 && <span className="ml-1">{plural(rows.length, "mailbox", "mailboxes")}{filtered ? " shown" : ""}.</span>}
          </>
        }
        actions={rows.length || filtered ? connectButton : undefined}
      />
      {failing > 0 && (
        <div className="mb-4">
          <Alert tone="warning">
            {failing === 1 ? "One mailbox cannot send" : `${failing} mailboxes cannot send`}: campaigns skip it until it is fixed. Open it to see why.
          </Alert>
        </div>
      )}
      {(rows.length > 0 || filtered) && <Filters filters={filters} onChange={setFilters} />}
      {mailboxes.isPending ? (
        <div className="rounded-lg bg-white px-5 py-10 text-center text-sm text-slate-500 ring-1 ring-slate-200" role="status">
          Loading mailboxes…
        </div>
      ) : mailboxes.error ? (
        <Alert tone="error">{errorMessage(mailboxes.error)}</Alert>
      ) : !rows.length && filtered ? (
        <EmptyState
          title="No mailboxes match"
          action={
            <Button variant="secondary" onClick={() => setFilters({})}>
              Show every mailbox
            </Button>
          }
        >
          No mailbox has {[filters.status ? `the status “${STATUS_FILTERS.find(([value]) => value === filters.status)?.[1]}”` : "", filters.health ? `the health “${MAILBOX_HEALTH_BADGE[filters.health].label}”` : ""].filter(Boolean).join(" and ")}.
        </EmptyState>
      ) : !rows.length ? (
        <EmptyState title="No mailboxes yet" action={connectButton}>
          Connect the mailboxes your campaigns send e-mail from: any SMTP and IMAP host with a password, a Google or Microsoft account, or a sandbox
          mailbox to try Herald without sending real e-mail.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg bg-white shadow-xs ring-1 ring-slate-200" aria-label="Mailboxes">
          {rows.map((mailbox) => (
            <MailboxRow key={mailbox.id} mailbox={mailbox} />
          ))}
        </ul>
      )}
      {connecting && <ConnectMailboxDialog onClose={() => setConnecting(false)} />}
    </>
  );
}
