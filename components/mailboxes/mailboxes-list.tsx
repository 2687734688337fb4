"use client";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { plural } from "@/components/ui/plural";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TMailbox } from "@/server/schemas/mailbox";
import { ConnectMailboxDialog } from "./connect-mailbox-dialog";
import { MailboxBadges, MailboxCounters, MailboxIcon, MailboxUsage, fromLine, mailboxName } from "./mailbox-display";
import { useMailboxes } from "./use-mailboxes";

function MailboxRow({ mailbox }: { mailbox: TMailbox }) {
  const name = mailboxName(mailbox);
  return (
    <li data-testid="mailbox-row" className="grid gap-4 px-5 py-4 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_auto] lg:items-center">
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
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <MailboxUsage mailbox={mailbox} />
        <MailboxCounters mailbox={mailbox} />
      </div>
      <div className="flex gap-2 lg:justify-end">
        <Link
          href={`/mailboxes/${mailbox.id}`}
          className="inline-flex items-center rounded-md px-2.5 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          aria-label={`Manage ${name}`}
        >
          {mailbox.status === "error" ? "Fix" : "Manage"}
        </Link>
      </div>
    </li>
  );
}

export function MailboxesList() {
  const mailboxes = useMailboxes({ refetchInterval: 30_000 });
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
            {rows.length > 0 && <span className="ml-1">{plural(rows.length, "mailbox", "mailboxes")}.</span>}
          </>
        }
        actions={rows.length ? connectButton : undefined}
      />
      {failing > 0 && (
        <div className="mb-4">
          <Alert tone="warning">
            {failing === 1 ? "One mailbox cannot send" : `${failing} mailboxes cannot send`}: campaigns skip it until it is fixed. Open it to see why.
          </Alert>
        </div>
      )}
      {mailboxes.isPending ? (
        <div className="rounded-lg bg-white px-5 py-10 text-center text-sm text-slate-500 ring-1 ring-slate-200" role="status">
          Loading mailboxes…
        </div>
      ) : mailboxes.error ? (
        <Alert tone="error">{errorMessage(mailboxes.error)}</Alert>
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
