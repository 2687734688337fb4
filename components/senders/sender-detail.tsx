"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { errorCode } from "@/components/ui/trpc-error";
import type { TSenderAccount } from "@/server/schemas/sender";
import { DirectActionsCard } from "./direct-actions-card";
import { ErrorAlert } from "./error-alert";
import { LimitsCard } from "./limits-card";
import { ReconnectCard } from "./reconnect-card";
import { RecentActions } from "./recent-actions";
import { CooldownNotice, SenderAvatar, SenderBadges, pauseReasonText, senderName } from "./sender-display";
import { SenderCheckpoint } from "./sender-checkpoint";
import { SenderSettingsCard } from "./sender-settings-card";
import { SsiCard } from "./ssi-card";

const VIA: Record<TSenderAccount["connectedVia"], string> = { api: "the API", dashboard: "the dashboard", "hosted-link": "a hosted link" };

function DisconnectDialog({ sender, onClose }: { sender: TSenderAccount; onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const disconnect = useMutation(
    trpc.senders.disconnect.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.senders.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.workspace.pathKey() });
        router.push("/senders");
      },
    }),
  );
  return (
    <Dialog title={`Disconnect ${senderName(sender)}?`} onClose={onClose} size="sm">
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Herald signs out of this LinkedIn account, stops every campaign step it sends, and frees its seat. Its past actions stay in your
          leads&apos; history. To use the account again, connect it anew.
        </p>
        <ErrorAlert error={disconnect.error} />
        <DialogActions
          danger
          onCancel={onClose}
          cancelLabel="Keep it"
          label="Disconnect sender"
          busyLabel="Disconnecting…"
          busy={disconnect.isPending}
          onConfirm={() => disconnect.mutate({ id: sender.id })}
        />
      </div>
    </Dialog>
  );
}

function Header({ sender, onDisconnect }: { sender: TSenderAccount; onDisconnect: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.senders.pathKey() });
  const pause = useMutation(trpc.senders.pause.mutationOptions({ onSuccess: refresh }));
  const resume = useMutation(trpc.senders.resume.mutationOptions({ onSuccess: refresh }));
  return (
    <div className="mb-6 space-y-3">
      <Link href="/senders" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-800">
        <span aria-hidden="true">←</span> Senders
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <SenderAvatar sender={sender} size="lg" />
          <div className="min-w-0 space-y-1">
            <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{senderName(sender)}</h1>
            <p className="text-sm text-slate-500">
              {[sender.label && sender.fullName && sender.label !== sender.fullName ? sender.fullName : null, sender.headline].filter(Boolean).join(" · ")}
              {sender.profileUrl && (
                <>
                  {sender.headline ? " · " : ""}
                  <a href={sender.profileUrl} target="_blank" rel="noopener noreferrer" className="text-brand-600 hover:underline">
                    LinkedIn profile
                  </a>
                </>
              )}
            </p>
            <SenderBadges sender={sender} />
          </div>
        </div>
        <div className="flex gap-2">
          {sender.connectionStatus !== "connected" && !sender.paused ? null : sender.paused ? (
            <Button variant="secondary" disabled={resume.isPending} onClick={() => resume.mutate({ id: sender.id })}>
              {resume.isPending ? "Resuming…" : "Resume"}
            </Button>
          ) : (
            <Button variant="secondary" disabled={pause.isPending} onClick={() => pause.mutate({ id: sender.id })}>
              {pause.isPending ? "Pausing…" : "Pause"}
            </Button>
          )}
          <Button variant="danger" onClick={onDisconnect}>
            Disconnect
          </Button>
        </div>
      </div>
      {sender.paused && (
        <Alert tone="warning">
          {pauseReasonText(sender.pausedReason)}
          {sender.pausedAt ? ` since ${formatDateTime(sender.pausedAt)}` : ""}: campaigns skip it and direct actions are refused until it is resumed.
        </Alert>
      )}
      {sender.error && <Alert tone="error">{sender.error}</Alert>}
      <CooldownNotice sender={sender} />
      <ErrorAlert error={pause.error ?? resume.error} />
    </div>
  );
}

function Facts({ sender }: { sender: TSenderAccount }) {
  const facts: Array<[string, string]> = [
    ["Connected by", `${sender.connectionMethod === "cookie" ? "Session cookie" : "Password"}, through ${VIA[sender.connectedVia]}`],
    ["Country", sender.country ?? "Not set"],
    ["Timezone", sender.timezone],
    ["Added", formatDateTime(sender.createdAt)],
    ["Sender id", sender.id],
  ];
  return (
    <Card title="About">
      <dl className="space-y-3 text-sm">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs text-slate-500">{term}</dt>
            <dd className={`break-words text-slate-800 ${term === "Sender id" ? "font-mono text-xs" : ""}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function SenderDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const sender = useQuery(trpc.senders.get.queryOptions({ id }));
  const current = useQuery(trpc.workspace.current.queryOptions());
  const [disconnecting, setDisconnecting] = useState(false);
  const queryClient = useQueryClient();
  const onVerified = useCallback(() => void queryClient.invalidateQueries({ queryKey: trpc.senders.pathKey() }), [queryClient, trpc]);

  if (sender.isPending) {
    return (
      <p className="py-10 text-center text-sm text-slate-500" role="status">
        Loading sender…
      </p>
    );
  }
  if (sender.error) {
    return errorCode(sender.error) === "not-found" || sender.error.data?.code === "NOT_FOUND" ? (
      <EmptyState
        title="This sender does not exist"
        action={
          <Link href="/senders" className="text-sm font-medium text-brand-600 hover:underline">
            Back to senders
          </Link>
        }
      >
        It was disconnected, or it belongs to another workspace.
      </EmptyState>
    ) : (
      <ErrorAlert error={sender.error} />
    );
  }
  const data = sender.data;
  const role = current.data?.role;
  const canEditLimits = role === "owner" || role === "admin";
  const connecting = data.connectionStatus === "connecting" || data.connectionStatus === "checkpoint_required";
  return (
    <>
      <Header sender={data} onDisconnect={() => setDisconnecting(true)} />
      {data.connectionStatus === "checkpoint_required" && (
        <div className="mb-6">
          <Card title="Finish connecting" description="LinkedIn asked for a verification before this sender can act.">
            <SenderCheckpoint accountId={data.id} initialCheckpoint={data.checkpoint} onConnected={onVerified} onRestart={() => setDisconnecting(true)} restartLabel="Disconnect to start over" />
          </Card>
        </div>
      )}
      {connecting ? (
        // Not signed in yet: nothing to count or act with, only what identifies the attempt.
        <div className="grid gap-6 lg:grid-cols-2">
          <SenderSettingsCard sender={data} />
          <Facts sender={data} />
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <LimitsCard sender={data} canEdit={canEditLimits} />
            <DirectActionsCard sender={data} />
            <RecentActions senderId={data.id} />
          </div>
          <div className="min-w-0 space-y-6">
            <SsiCard sender={data} />
            <SenderSettingsCard sender={data} />
            <ReconnectCard sender={data} />
            <Facts sender={data} />
          </div>
        </div>
      )}
      {disconnecting && <DisconnectDialog sender={data} onClose={() => setDisconnecting(false)} />}
    </>
  );
}
