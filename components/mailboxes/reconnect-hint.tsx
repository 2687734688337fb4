"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import type { TMailbox } from "@/server/schemas/mailbox";
import { ConnectMailboxDialog } from "./connect-mailbox-dialog";
import { PROVIDER_LABELS } from "./mailbox-display";

/**
 * How to repair a mailbox in error: Google and Microsoft sign in again on their own page (the same
 * address renews this mailbox); a password mailbox is connected again with the same address; a
 * managed Microsoft 365 mailbox (app registration) is checked again once the administrator fixed it.
 */
export function ReconnectHint({ mailbox }: { mailbox: TMailbox }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.mailboxes.createHostedLink.mutationOptions({ onSuccess: (link) => window.location.assign(link.url) }));
  const queryClient = useQueryClient();
  const checkAgain = useMutation(
    trpc.mailboxes.checkAgain.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.mailboxes.pathKey() }) }),
  );
  const [reconnecting, setReconnecting] = useState(false);
  if (mailbox.authType === "app") {
    return (
      <div className="mt-2 space-y-2">
        <p>
          Herald reaches this managed Microsoft 365 mailbox with the installation&apos;s own app registration, so there is no sign-in to renew: the
          installation&apos;s administrator checks that the app holds the Microsoft Graph permissions Mail.Send and Mail.ReadWrite and that the
          mailbox&apos;s user is licensed, then checks it again here.
        </p>
        <Button size="sm" variant="secondary" disabled={checkAgain.isPending} onClick={() => checkAgain.mutate({ id: mailbox.id })}>
          {checkAgain.isPending ? "Checking…" : "Check again"}
        </Button>
        <ErrorAlert error={checkAgain.error} />
      </div>
    );
  }
  if (mailbox.provider === "google" || mailbox.provider === "microsoft") {
    const name = mailbox.provider === "google" ? "Google" : "Microsoft";
    return (
      <div className="mt-2 space-y-2">
        <p>Sign in to {mailbox.email} on {name}&apos;s page again to renew Herald&apos;s access; its campaigns and settings stay as they are.</p>
        <Button size="sm" variant="secondary" disabled={create.isPending} onClick={() =>
            // Back to this page when the sign-in is done.
            create.mutate({ provider: mailbox.provider as "google" | "microsoft", reconnectAccountId: mailbox.id, redirectUrl: window.location.href })
          }>
          {create.isPending ? "Opening…" : `Reconnect with ${name}`}
        </Button>
        <ErrorAlert error={create.error} />
      </div>
    );
  }
  if (mailbox.provider === "smtp") {
    return (
      <div className="mt-2 space-y-2">
        <p>
          Check the server settings and the password (an app password where the provider asks for one), then connect it again: Herald updates this
          mailbox in place and keeps its campaigns and settings.
        </p>
        <Button size="sm" variant="secondary" onClick={() => setReconnecting(true)}>
          Reconnect…
        </Button>
        {reconnecting && <ConnectMailboxDialog reconnect={mailbox} onClose={() => setReconnecting(false)} />}
      </div>
    );
  }
  if (mailbox.authType === "api") {
    return (
      <p className="mt-1">
        Check the key at {PROVIDER_LABELS[mailbox.provider]}, then connect {mailbox.email} again under Mailboxes → Connect a mailbox → E-mail API: Herald
        updates this mailbox in place, keeps its campaigns, settings and webhook address.
      </p>
    );
  }
  return <p className="mt-1">Connect {mailbox.email} again under Mailboxes → Connect a mailbox: Herald updates this mailbox and keeps its campaigns and settings.</p>;
}
