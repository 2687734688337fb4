"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { MailNetworkCard } from "./mail-network-card";
import { ConversationsCard, InteractionsCard, InvitationsCard } from "./network-cards";
import { ProspectDirectory } from "./prospect-directory";
import { ReceivedCard } from "./received-card";
import { CredentialsCard, SignInsCard } from "./sign-ins-card";
import { WebhookReceiverCard } from "./webhook-receiver-card";

const DESCRIPTION = "A simulated LinkedIn network and mail network to try Herald safely: nothing here reaches LinkedIn or anyone's inbox.";

export function SandboxPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery({ ...trpc.sandbox.overview.queryOptions(), refetchInterval: 5_000 });
  const [advanced, setAdvanced] = useState<string | null>(null);
  const advance = useMutation(
    trpc.sandbox.advance.mutationOptions({
      onSuccess: async ({ activities }) => {
        setAdvanced(activities ? `The network caught up: ${activities} new ${activities === 1 ? "event" : "events"} reached Herald.` : "Nothing was due: the network is up to date.");
        await queryClient.invalidateQueries();
      },
    }),
  );

  if (overview.isPending) {
    return (
      <>
        <PageHeader title="Sandbox" description={DESCRIPTION} />
        <p className="text-sm text-slate-500" role="status">
          Loading…
        </p>
      </>
    );
  }
  if (overview.error) {
    return (
      <>
        <PageHeader title="Sandbox" description={DESCRIPTION} />
        <ErrorAlert error={overview.error} />
      </>
    );
  }
  const data = overview.data;
  const header = (
    <PageHeader
      title="Sandbox"
      description={DESCRIPTION}
      actions={
        <Button variant="secondary" disabled={advance.isPending} onClick={() => advance.mutate()}>
          {advance.isPending ? "Advancing…" : "Advance the network now"}
        </Button>
      }
    />
  );
  const advanceResult = (
    <>
      {advanced && <Alert tone="success">{advanced}</Alert>}
      <ErrorAlert error={advance.error} />
    </>
  );
  if (!data.active) {
    // Sandbox mailboxes work beside a real LinkedIn provider: each mailbox chooses its own provider.
    return (
      <>
        {header}
        <div className="space-y-6">
          {advanceResult}
          <Card title="This installation uses a real LinkedIn provider">
            <p className="text-sm text-slate-600">
              Senders here sign in to LinkedIn itself, so there is no simulated LinkedIn network to act in. The sandbox is what Herald uses
              when no LinkedIn provider is configured: remove the provider settings on a test installation to try campaigns without
              touching real accounts.
            </p>
          </Card>
          <MailNetworkCard />
        </div>
      </>
    );
  }
  return (
    <>
      {header}
      <div className="space-y-6">
        {advanceResult}
        <p className="text-sm text-slate-600">
          Prospects answer on their own as time passes (the network catches up every minute). Here you can also act for them: accept an
          invitation, reply, publish a post, listen to a voice message, or open, answer and bounce an e-mail, and watch Herald react as it would to LinkedIn and real mail.
        </p>
        <CredentialsCard overview={data} />
        <SignInsCard overview={data} />
        <InvitationsCard overview={data} />
        <ConversationsCard overview={data} />
        <ReceivedCard />
        <InteractionsCard overview={data} />
        <MailNetworkCard />
        <WebhookReceiverCard />
        <ProspectDirectory />
      </div>
    </>
  );
}
