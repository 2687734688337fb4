"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { TMailboxHostedLink } from "@/server/schemas/mailbox-hosted-link";

type OauthProvider = "google" | "microsoft";

const NAMES: Record<OauthProvider, string> = { google: "Google", microsoft: "Microsoft" };
const ACCOUNT: Record<OauthProvider, string> = { google: "Gmail or Google Workspace", microsoft: "Outlook or Microsoft 365" };

const STATUS: Record<TMailboxHostedLink["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Waiting for sign-in", tone: "amber" },
  connected: { label: "Connected", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  expired: { label: "Expired", tone: "slate" },
};

function LinkProgress({ linkId, url, provider }: { linkId: string; url: string; provider: OauthProvider }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const link = useQuery({
    ...trpc.mailboxes.hostedLink.queryOptions({ id: linkId }),
    staleTime: 0,
    refetchInterval: (query) => (!query.state.data || query.state.data.status === "pending" ? 2_000 : false),
  });
  const status = link.data?.status ?? "pending";
  useEffect(() => {
    if (status === "connected") void queryClient.invalidateQueries({ queryKey: trpc.mailboxes.list.queryKey() });
  }, [status, queryClient, trpc]);
  const shown = STATUS[status];
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {NAMES[provider]}&apos;s sign-in opened in a new tab. If it did not,{" "}
        <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 hover:underline">
          open it here
        </a>
        . This dialog follows along.
      </p>
      <p className="flex items-center gap-2 text-sm" aria-live="polite">
        <span className="text-slate-500">Status</span>
        <span data-testid="oauth-link-status">
          <Badge tone={shown.tone}>{shown.label}</Badge>
        </span>
      </p>
      {status === "connected" && link.data?.accountId && (
        <Link href={`/mailboxes/${link.data.accountId}`} className="inline-block text-sm font-medium text-brand-600 hover:underline">
          Open the new mailbox →
        </Link>
      )}
      {(status === "failed" || status === "expired") && <Alert tone="warning">The sign-in did not finish. Start again to try once more.</Alert>}
      {link.error && <ErrorAlert error={link.error} />}
    </div>
  );
}

/**
 * Google and Microsoft mailboxes connect through the provider's own sign-in page (a hosted link):
 * nobody hands Herald a password. Without the OAuth client set up by an administrator, the option
 * says so instead of failing later.
 */
export function OauthConnectPanel({ provider }: { provider: OauthProvider }) {
  const trpc = useTRPC();
  const availability = useQuery(trpc.mailboxes.oauthAvailability.queryOptions());
  const [created, setCreated] = useState<{ id: string; url: string } | null>(null);
  const create = useMutation(
    trpc.mailboxes.createHostedLink.mutationOptions({
      onSuccess: (link) => {
        setCreated({ id: link.id, url: link.url });
        window.open(link.url, "_blank", "noopener");
      },
    }),
  );
  if (availability.isPending) return <p className="text-sm text-slate-500">Checking {NAMES[provider]} sign-in…</p>;
  if (availability.error) return <ErrorAlert error={availability.error} />;
  const state = availability.data[provider];
  if (!state.configured) {
    return (
      <Alert tone="info">
        <p className="font-medium" data-testid="oauth-not-configured">
          {state.message ?? `${NAMES[provider]} mailboxes are not configured on this Herald.`}
        </p>
        <p className="mt-1">Meanwhile, connect the mailbox with SMTP / IMAP and an app password.</p>
      </Alert>
    );
  }
  if (created) return <LinkProgress linkId={created.id} url={created.url} provider={provider} />;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Sign in to the {ACCOUNT[provider]} account on {NAMES[provider]}&apos;s own page and allow Herald to send and read mail. Herald never sees the
        password, and stores only an encrypted token it can revoke.
      </p>
      <ErrorAlert error={create.error} />
      <div className="flex justify-end">
        <Button disabled={create.isPending} onClick={() => create.mutate({ provider })}>
          {create.isPending ? "Opening…" : `Sign in with ${NAMES[provider]}`}
        </Button>
      </div>
    </div>
  );
}
