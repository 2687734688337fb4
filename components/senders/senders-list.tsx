"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TSenderAccount } from "@/server/schemas/sender";
import { ConnectSenderDialog, type ConnectPhase } from "./connect-dialog";
import { CooldownNotice, SenderAvatar, SenderBadges, UsageBar, senderName } from "./sender-display";
import { useAllSenders } from "@/components/senders/use-all-senders";
import { plural } from "@/components/ui/plural";

function SenderRow({ sender, onVerify }: { sender: TSenderAccount; onVerify: () => void }) {
  const { usage, limits } = sender;
  const name = senderName(sender);
  return (
    <li data-testid="sender-row" className="grid gap-4 px-5 py-4 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)_auto] lg:items-center">
      <div className="flex min-w-0 items-start gap-3">
        <SenderAvatar sender={sender} />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <Link href={`/senders/${sender.id}`} className="truncate font-medium text-slate-900 hover:text-brand-700 hover:underline">
              {name}
            </Link>
            {sender.fullName && sender.label && sender.label !== sender.fullName && <span className="truncate text-xs text-slate-500">{sender.fullName}</span>}
          </p>
          {sender.headline && <p className="truncate text-xs text-slate-500">{sender.headline}</p>}
          <SenderBadges sender={sender} />
          {sender.error && <p className="text-xs text-red-700">{sender.error}</p>}
          <CooldownNotice sender={sender} />
        </div>
      </div>
      {sender.connectionStatus === "connected" ? (
        <div className="grid grid-cols-2 gap-x-4 gap-y-2" aria-label={`Usage of ${name} today`}>
          <UsageBar label="Invitations today" used={usage.day.invitations} cap={limits.daily.invitations} />
          <UsageBar label="Profile views today" used={usage.day.profileViews} cap={limits.daily.profileViews} />
          <UsageBar label="Post likes today" used={usage.day.postLikes} cap={limits.daily.postLikes} />
          <UsageBar
            label="Invitations this week"
            used={usage.week.invitations}
            cap={limits.weeklyInvitations}
            note={limits.weeklyLimitBypassed ? "Limit bypassed for direct requests" : undefined}
          />
        </div>
      ) : (
        <p className="text-sm text-slate-500">
          {sender.connectionStatus === "checkpoint_required"
            ? sender.checkpoint?.expired
              ? "The verification step expired. Disconnect it and connect again."
              : "LinkedIn is waiting for a verification step."
            : sender.connectionStatus === "reconnect_required"
              ? "The LinkedIn session ended. Reconnect it to use it again."
              : "Signing in…"}
        </p>
      )}
      <div className="flex gap-2 lg:justify-end">
        {sender.connectionStatus === "checkpoint_required" && !sender.checkpoint?.expired && (
          <Button size="sm" onClick={onVerify}>
            Finish verification
          </Button>
        )}
        <Link
          href={`/senders/${sender.id}`}
          className="inline-flex items-center rounded-md px-2.5 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          aria-label={`Manage ${name}`}
        >
          Manage
        </Link>
      </div>
    </li>
  );
}

export function SendersList() {
  const trpc = useTRPC();
  const senders = useAllSenders({ refetchInterval: 30_000 });
  const current = useQuery(trpc.workspace.current.queryOptions());
  const [dialog, setDialog] = useState<ConnectPhase | null>(null);
  const seats = current.data?.workspace.seats;
  const seatsFull = seats ? seats.limit > 0 && seats.used >= seats.limit : false;

  const connectButton = (
    <Button onClick={() => setDialog({ kind: "form" })}>
      <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M10 4v12M4 10h12" strokeLinecap="round" />
      </svg>
      Connect a sender
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Senders"
        description={
          <>
            LinkedIn accounts that send invitations, messages and InMails.
            {seats && (
              <span data-testid="seats" className="ml-1">
                {seats.limit === 0 ? "This workspace has no sender seats." : `${seats.used} of ${plural(seats.limit, "seat")} used.`}
              </span>
            )}
          </>
        }
        actions={senders.data?.senders.length ? connectButton : undefined}
      />
      {seatsFull && (
        <div className="mb-4">
          <Alert tone="warning">All sender seats are in use: disconnect a sender before connecting another, or ask an owner for more seats.</Alert>
        </div>
      )}
      {senders.isPending ? (
        <div className="rounded-lg bg-white px-5 py-10 text-center text-sm text-slate-500 ring-1 ring-slate-200" role="status">
          Loading senders…
        </div>
      ) : senders.error ? (
        <Alert tone="error">{errorMessage(senders.error)}</Alert>
      ) : !senders.data.senders.length ? (
        <EmptyState title="No senders yet" action={connectButton}>
          Connect the LinkedIn accounts your team sends from, by password, session cookie, or a link the account&apos;s owner opens. Each takes
          one seat{seats && seats.limit > 0 ? ` (${seats.limit - seats.used} free)` : ""}.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg bg-white shadow-xs ring-1 ring-slate-200" aria-label="Senders">
          {senders.data.senders.map((sender) => (
            <SenderRow
              key={sender.id}
              sender={sender}
              onVerify={() => setDialog({ kind: "checkpoint", accountId: sender.id, checkpoint: sender.checkpoint })}
            />
          ))}
        </ul>
      )}
      {dialog && <ConnectSenderDialog initialPhase={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
