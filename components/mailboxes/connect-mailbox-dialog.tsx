"use client";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Tabs } from "@/components/ui/tabs";
import type { TMailbox } from "@/server/schemas/mailbox";
import { MailboxBadges, MailboxIcon, fromLine, mailboxName } from "./mailbox-display";
import { ApiConnectForm } from "./api-connect-form";
import { OauthConnectPanel } from "./oauth-connect-panel";
import { ProviderWebhookCard } from "./provider-webhook-card";
import { SandboxConnectForm } from "./sandbox-connect-form";
import { SmtpConnectForm } from "./smtp-connect-form";

type Method = "sandbox" | "smtp" | "api" | "google" | "microsoft";
const METHODS: Array<{ id: Method; label: string }> = [
  { id: "sandbox", label: "Sandbox" },
  { id: "smtp", label: "SMTP / IMAP" },
  { id: "api", label: "E-mail API" },
  { id: "google", label: "Google" },
  { id: "microsoft", label: "Microsoft" },
];

function ConnectedSummary({ mailbox, onAnother, onDone }: { mailbox: TMailbox; onAnother: () => void; onDone: () => void }) {
  return (
    <div className="space-y-5" data-testid="mailbox-connected">
      <div className="flex items-center gap-4 rounded-lg bg-emerald-50 p-4 ring-1 ring-emerald-200">
        <MailboxIcon mailbox={mailbox} size="lg" />
        <div className="min-w-0">
          <p role="status" className="truncate text-base font-semibold text-emerald-900">
            {mailboxName(mailbox)} is connected
          </p>
          <p className="truncate text-sm text-emerald-800">{fromLine(mailbox)}</p>
          <div className="mt-1.5">
            <MailboxBadges mailbox={mailbox} />
          </div>
        </div>
      </div>
      <p className="text-sm text-slate-600">
        Campaigns can send from it now, up to {mailbox.limits.daily} e-mails a day. Add it to a campaign under the campaign&apos;s Settings → Mailboxes.
      </p>
      <ProviderWebhookCard mailbox={mailbox} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onAnother}>
          Connect another
        </Button>
        <Link
          href={`/mailboxes/${mailbox.id}`}
          className="inline-flex items-center rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-xs ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Open mailbox
        </Link>
        <Button onClick={onDone} autoFocus>
          Done
        </Button>
      </div>
    </div>
  );
}

/**
 * Connecting a mailbox: a simulated sandbox mailbox (the default here), any SMTP + IMAP host with a
 * password (tested before it is saved), or a Google or Microsoft account through their own sign-in.
 */
export function ConnectMailboxDialog({ onClose, reconnect }: { onClose: () => void; /** A password mailbox in error, connected again in place. */ reconnect?: TMailbox }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<Method>(reconnect ? "smtp" : "sandbox");
  const [connected, setConnected] = useState<TMailbox | null>(null);
  const onConnected = useCallback(
    (mailbox: TMailbox) => {
      void queryClient.invalidateQueries({ queryKey: trpc.mailboxes.pathKey() });
      setConnected(mailbox);
    },
    [queryClient, trpc],
  );
  return (
    <Dialog
      title={connected ? "Mailbox connected" : reconnect ? `Reconnect ${reconnect.email}` : "Connect a mailbox"}
      description={connected ? undefined : reconnect ? "Fix the settings or the password; its campaigns, leads and settings stay." : "The address your campaigns' e-mail steps are sent from."}
      onClose={onClose}
      size="lg"
    >
      {connected ? (
        <ConnectedSummary mailbox={connected} onAnother={() => setConnected(null)} onDone={onClose} />
      ) : reconnect ? (
        <SmtpConnectForm onConnected={onConnected} reconnect={reconnect} />
      ) : (
        <Tabs label="Kind of mailbox" tabs={METHODS} selected={method} onSelect={setMethod}>
          {method === "sandbox" && <SandboxConnectForm onConnected={onConnected} />}
          {method === "smtp" && <SmtpConnectForm onConnected={onConnected} />}
          {method === "api" && <ApiConnectForm onConnected={onConnected} />}
          {(method === "google" || method === "microsoft") && <OauthConnectPanel key={method} provider={method} />}
        </Tabs>
      )}
    </Dialog>
  );
}
