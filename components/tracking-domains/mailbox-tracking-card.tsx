"use client";
// The mailbox page's Tracking card: which host this mailbox's links use now, and an admin's choice of
// another of the workspace's tracking domains.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Field, Select } from "@/components/ui/field";
import type { TMailboxTracking } from "@/server/schemas/tracking-domain";

const SOURCES: Record<TMailboxTracking["source"], string> = {
  mailbox: "its own choice below",
  domain: "the tracking domain of its sending domain",
  herald: "Herald's own address: no verified tracking domain",
};

export function MailboxTrackingCard({ mailboxId }: { mailboxId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tracking = useQuery(trpc.trackingDomains.forMailbox.queryOptions({ mailboxId }));
  const domains = useQuery(trpc.trackingDomains.list.queryOptions());
  const choose = useMutation(
    trpc.trackingDomains.setForMailbox.mutationOptions({
      onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.trackingDomains.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.mailboxes.pathKey() })]),
    }),
  );
  const data = tracking.data;
  return (
    <Card title="Tracking links">
      {tracking.error ? (
        <ErrorAlert error={tracking.error} />
      ) : !data ? (
        <p className="text-sm text-slate-500" role="status">
          Loading…
        </p>
      ) : (
        <div className="space-y-3 text-sm">
          <div>
            <p className="text-xs text-slate-500">Links point at</p>
            <p className="break-all font-medium text-slate-900" data-testid="mailbox-tracking-host">
              {data.host}
            </p>
            <p className="text-xs text-slate-500">From {SOURCES[data.source]}.</p>
          </div>
          {data.warning && <Alert tone="warning">{data.warning}</Alert>}
          {(domains.data?.length ?? 0) > 0 && (
            <Field label="Tracking domain" htmlFor={`tracking-domain-${mailboxId}`} hint="Another of the workspace's tracking domains for this mailbox only; it is used while verified.">
              <Select
                id={`tracking-domain-${mailboxId}`}
                value={data.trackingDomainId ?? ""}
                disabled={choose.isPending}
                onChange={(event) => choose.mutate({ mailboxId, trackingDomainId: event.target.value || null })}
              >
                <option value="">Its sending domain&apos;s</option>
                {domains.data?.map((domain) => (
                  <option key={domain.id} value={domain.id}>
                    {domain.host}
                    {domain.status === "verified" ? "" : ` (${domain.statusLabel.toLowerCase()})`}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <ErrorAlert error={choose.error} />
        </div>
      )}
    </Card>
  );
}
