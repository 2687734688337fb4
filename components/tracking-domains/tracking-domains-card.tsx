"use client";
// Mailboxes → Tracking domains: hosts of the workspace's own domains (track.acme.com) that its
// campaign e-mails' open, click and unsubscribe links use instead of Herald's address, each with the
// exact records to add (the CNAME and the TXT proof) and its status; "Check again" looks them up now.
// Removing one first says that links already sent on it stop working.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { CopyButton } from "@/components/settings/copy-button";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { fieldErrors } from "@/components/ui/trpc-error";
import type { TTrackingDomain } from "@/server/schemas/tracking-domain";

const TONES: Record<TTrackingDomain["status"], BadgeTone> = { pending: "slate", verified: "green", failing: "red" };

function TrackingDomainRow({ domain }: { domain: TTrackingDomain }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.trackingDomains.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.mailboxes.pathKey() })]);
  const check = useMutation(trpc.trackingDomains.check.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.trackingDomains.delete.mutationOptions({ onSuccess: refresh }));
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="space-y-2 py-4 first:pt-0 last:pb-0" aria-label={domain.host}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-medium text-slate-900">{domain.host}</p>
          <p className="text-xs text-slate-500">
            For mailboxes on {domain.domain} · {domain.mailboxCount === 1 ? "1 mailbox" : `${domain.mailboxCount} mailboxes`}
            {domain.checkedAt ? ` · checked ${formatDateTime(domain.checkedAt)}` : ""}
          </p>
        </div>
        <Badge tone={TONES[domain.status]}>
          <span data-testid="tracking-domain-status">{domain.statusLabel}</span>
        </Badge>
      </div>
      {domain.status !== "verified" && (
        <div className="space-y-1">
          <p className="text-sm text-slate-700">Add both records at your DNS host: the CNAME sends the links to Herald, the TXT record proves the host is this workspace&apos;s.</p>
          <ul className="space-y-1" aria-label={`Records for ${domain.host}`}>
            {domain.records.map((entry) => {
              const record = entry.type === "TXT" ? `${entry.host} TXT "${entry.value}"` : `${entry.host} CNAME ${entry.value}`;
              return (
                <li key={entry.type} className="flex flex-wrap items-center gap-2">
                  <code className="min-w-0 break-all rounded-sm bg-slate-100 px-2 py-1 font-mono text-xs text-slate-800">{record}</code>
                  <CopyButton value={entry.value} ariaLabel={`Copy the ${entry.type} value for ${entry.host}`} />
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {domain.reason && <Alert tone={domain.status === "verified" ? "warning" : "error"}>{domain.reason}</Alert>}
      {domain.httpsWarning && (
        <Alert tone="error">
          Links in new e-mails, unsubscribe links included, point at https://{domain.host}, which does not answer over HTTPS: they fail until it does. {domain.httpsWarning}
        </Alert>
      )}
      {confirming ? (
        <div className="space-y-2" role="group" aria-label={`Remove ${domain.host}?`}>
          <Alert tone="warning">
            {domain.verifiedAt
              ? `Links in e-mails already sent on ${domain.host}, unsubscribe links included, stop working once it is removed. New e-mails use Herald's address.`
              : `New e-mails keep using Herald's address.`}
          </Alert>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" size="sm" disabled={remove.isPending} onClick={() => remove.mutate({ id: domain.id })}>
              {remove.isPending ? "Removing…" : "Remove anyway"}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={check.isPending} onClick={() => check.mutate({ id: domain.id })}>
            {check.isPending ? "Checking…" : "Check again"}
          </Button>
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${domain.host}`}>
            Remove
          </Button>
        </div>
      )}
      <ErrorAlert error={check.error ?? remove.error} />
    </li>
  );
}

function AddTrackingDomainForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [host, setHost] = useState("");
  const create = useMutation(
    trpc.trackingDomains.create.mutationOptions({
      onSuccess: async () => {
        setHost("");
        await Promise.all([queryClient.invalidateQueries({ queryKey: trpc.trackingDomains.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.mailboxes.pathKey() })]);
      },
    }),
  );
  const errors = fieldErrors(create.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ host });
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <Field label="Tracking host" htmlFor="tracking-host" error={errors.host ?? errors.domain} hint="A subdomain of the domain your mailboxes send from, such as track.acme.com for ada@acme.com.">
        <Input id="tracking-host" value={host} onChange={(event) => setHost(event.target.value)} placeholder="track.acme.com" autoComplete="off" spellCheck={false} aria-invalid={Boolean(errors.host ?? errors.domain)} />
      </Field>
      {!errors.host && !errors.domain && <ErrorAlert error={create.error} />}
      <Button type="submit" disabled={create.isPending || !host.trim()}>
        {create.isPending ? "Adding and checking…" : "Add tracking domain"}
      </Button>
    </form>
  );
}

export function TrackingDomainsCard() {
  const trpc = useTRPC();
  const domains = useQuery(trpc.trackingDomains.list.queryOptions());
  const rows = domains.data ?? [];
  return (
    <div className="mt-8" id="tracking-domains">
      <Card
        title="Tracking domains"
        description="Open, click and unsubscribe links of your campaign e-mails point at Herald's address until a host on your own domain answers them: spam filters trust links on the sender's domain more. Once verified, new e-mails of the domain's mailboxes use it."
      >
        <div className="space-y-6">
          {domains.isPending ? (
            <p className="text-sm text-slate-500" role="status">
              Loading tracking domains…
            </p>
          ) : domains.error ? (
            <ErrorAlert error={domains.error} />
          ) : rows.length ? (
            <ul className="divide-y divide-slate-100" aria-label="Tracking domains">
              {rows.map((domain) => (
                <TrackingDomainRow key={domain.id} domain={domain} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">No tracking domain yet: your links use Herald&apos;s own address.</p>
          )}
          <AddTrackingDomainForm />
        </div>
      </Card>
    </div>
  );
}
