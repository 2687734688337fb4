"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState, type FormEvent } from "react";
import { CopyButton } from "@/components/settings/copy-button";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { fieldErrors } from "@/components/ui/trpc-error";
import type { TSenderHostedLink } from "@/server/schemas/sender";
import { ErrorAlert } from "./error-alert";
import { optionalValue } from "./connect-forms";

const STATUS: Record<TSenderHostedLink["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Waiting for sign-in", tone: "amber" },
  connected: { label: "Connected", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  expired: { label: "Expired", tone: "slate" },
};

function LinkStatus({ linkId, url }: { linkId: string; url: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const link = useQuery({
    ...trpc.senders.hostedLink.queryOptions({ id: linkId }),
    staleTime: 0,
    refetchInterval: (query) => (!query.state.data || query.state.data.status === "pending" ? 2_000 : false),
  });
  const status = link.data?.status;
  useEffect(() => {
    if (status === "connected") {
      void queryClient.invalidateQueries({ queryKey: trpc.senders.list.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.workspace.pathKey() });
    }
  }, [status, queryClient, trpc]);
  const shown = STATUS[status ?? "pending"];
  return (
    <div className="space-y-3">
      <Alert tone="success">
        <p className="font-medium">Send this link to the person whose LinkedIn account it is.</p>
        <p className="mt-0.5">It is shown only now. Whoever opens it can connect one sender to this workspace, without a Herald account.</p>
        <div className="mt-2 flex items-center gap-2">
          <code data-testid="hosted-link-url" className="flex-1 truncate rounded bg-white px-2 py-1 font-mono text-xs text-slate-800">
            {url}
          </code>
          <CopyButton value={url} label="Copy link" />
        </div>
      </Alert>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-500">Status</dt>
        <dd aria-live="polite">
          <span data-testid="hosted-link-status">
            <Badge tone={shown.tone}>{shown.label}</Badge>
          </span>
          {link.data?.openedAt && status === "pending" && <span className="ml-2 text-xs text-slate-500">Opened {formatRelative(link.data.openedAt)}</span>}
        </dd>
        {link.data && (
          <>
            <dt className="text-slate-500">Expires</dt>
            <dd className="text-slate-700">{formatDateTime(link.data.expiresAt)}</dd>
          </>
        )}
      </dl>
      {link.data?.error && status !== "connected" && (
        <p className="text-sm text-slate-600">
          Last attempt: <span className="text-red-700">{link.data.error.message}</span>
        </p>
      )}
      {status === "connected" && link.data?.accountId && (
        <Link href={`/senders/${link.data.accountId}`} className="inline-block text-sm font-medium text-brand-600 hover:underline">
          Open the new sender →
        </Link>
      )}
      {link.error && <ErrorAlert error={link.error} />}
    </div>
  );
}

/** Creates a hosted connect link and follows its status while the person signs in. */
export function HostedLinkPanel({ reconnectAccountId }: { reconnectAccountId?: string }) {
  const trpc = useTRPC();
  const [created, setCreated] = useState<{ id: string; url: string } | null>(null);
  const create = useMutation(trpc.senders.createHostedLink.mutationOptions({ onSuccess: (link) => setCreated({ id: link.id, url: link.url }) }));
  const errors = fieldErrors(create.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate({ redirectUrl: optionalValue(form, "redirectUrl"), expiresInMinutes: Number(form.get("expiresInMinutes")), reconnectAccountId });
  }
  if (created) {
    return (
      <div className="space-y-4">
        <LinkStatus linkId={created.id} url={created.url} />
        <Button variant="secondary" size="sm" onClick={() => setCreated(null)}>
          Create another link
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-600">
        A page where the account&apos;s owner signs in to LinkedIn themselves, so you never handle their password. You see here when they are done.
      </p>
      <ErrorAlert error={create.error} shownFields={["redirectUrl"]} />
      <Field label="Send them to this address afterwards (optional)" htmlFor="hosted-redirect" error={errors.redirectUrl} hint="Herald adds ?status=connected or ?status=failed.">
        <Input id="hosted-redirect" name="redirectUrl" type="url" placeholder="https://example.com/welcome" />
      </Field>
      <Field label="Valid for" htmlFor="hosted-expiry">
        <Select id="hosted-expiry" name="expiresInMinutes" defaultValue="60" className="w-auto">
          <option value="60">1 hour</option>
          <option value="1440">1 day</option>
          <option value="10080">7 days</option>
        </Select>
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create link"}
        </Button>
      </div>
    </form>
  );
}
