"use client";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Tabs } from "@/components/ui/tabs";
import type { TCheckpoint, TConnectSenderResult, TSenderAccount } from "@/server/schemas/sender";
import { CookieConnectForm, PasswordConnectForm } from "./connect-forms";
import { HostedLinkPanel } from "./hosted-link-panel";
import { SenderAvatar, SenderBadges, senderName } from "./sender-display";
import { SenderCheckpoint } from "./sender-checkpoint";

type Method = "password" | "cookie" | "hosted";
const METHODS: Array<{ id: Method; label: string }> = [
  { id: "password", label: "Password" },
  { id: "cookie", label: "Session cookie" },
  { id: "hosted", label: "Hosted link" },
];

export type ConnectPhase =
  | { kind: "form" }
  | { kind: "checkpoint"; accountId: string; checkpoint: TCheckpoint | null }
  | { kind: "connected"; account: TSenderAccount };

export function ConnectedSummary({ account, onAnother, onDone }: { account: TSenderAccount; onAnother?: () => void; onDone: () => void }) {
  return (
    <div className="space-y-5" data-testid="connect-success">
      <div className="flex items-center gap-4 rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200">
        <SenderAvatar sender={account} size="lg" />
        <div className="min-w-0">
          <p role="status" className="text-base font-semibold text-emerald-900">
            {senderName(account)} is connected
          </p>
          {account.headline && <p className="truncate text-sm text-emerald-800">{account.headline}</p>}
          <div className="mt-1.5">
            <SenderBadges sender={account} />
          </div>
        </div>
      </div>
      <p className="text-sm text-slate-600">
        It can send connection requests, visit profiles and like posts now, within its daily limits. Campaigns can use it as a sender.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        {onAnother && (
          <Button variant="ghost" onClick={onAnother}>
            Connect another
          </Button>
        )}
        <Link
          href={`/senders/${account.id}`}
          className="inline-flex items-center rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-xs ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Open sender
        </Link>
        <Button onClick={onDone} autoFocus>
          Done
        </Button>
      </div>
    </div>
  );
}

/**
 * Connecting a sender: by password, by session cookie, or by a hosted link sent to the account's
 * owner. A verification step LinkedIn asks for is answered live inside the dialog.
 */
export function ConnectSenderDialog({ onClose, initialPhase = { kind: "form" } }: { onClose: () => void; initialPhase?: ConnectPhase }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<Method>("password");
  const [phase, setPhase] = useState<ConnectPhase>(initialPhase);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.senders.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.workspace.pathKey() });
  }, [queryClient, trpc]);

  function onResult(result: TConnectSenderResult) {
    refresh();
    if (result.status === "connected") setPhase({ kind: "connected", account: result.data });
    else setPhase({ kind: "checkpoint", accountId: result.data.id, checkpoint: result.checkpoint ?? result.data.checkpoint });
  }
  const onConnected = useCallback((account: TSenderAccount) => setPhase({ kind: "connected", account }), []);
  const restart = useCallback(() => {
    refresh();
    setPhase({ kind: "form" });
  }, [refresh]);

  return (
    <Dialog
      title={phase.kind === "checkpoint" ? "Verify the sign-in" : phase.kind === "connected" ? "Sender connected" : "Connect a sender"}
      description={phase.kind === "form" ? "Sign in to the LinkedIn account that will send invitations, messages and InMails." : undefined}
      onClose={onClose}
      size="lg"
    >
      {phase.kind === "form" && (
        <Tabs label="How to connect" tabs={METHODS} selected={method} onSelect={setMethod}>
          {method === "password" && <PasswordConnectForm onResult={onResult} />}
          {method === "cookie" && <CookieConnectForm onResult={onResult} />}
          {method === "hosted" && <HostedLinkPanel />}
        </Tabs>
      )}
      {phase.kind === "checkpoint" && (
        <SenderCheckpoint accountId={phase.accountId} initialCheckpoint={phase.checkpoint} onConnected={onConnected} onRestart={restart} />
      )}
      {phase.kind === "connected" && <ConnectedSummary account={phase.account} onAnother={restart} onDone={onClose} />}
    </Dialog>
  );
}
