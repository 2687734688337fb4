"use client";
// The Sandbox's built-in webhook receiver: add it as an endpoint in one click, then see what Herald
// delivered to it (headers, body, and whether the signature verifies with the endpoint's secret).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorAlert } from "@/components/senders/error-alert";
import { CopyButton } from "@/components/settings/copy-button";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import type { TSandboxWebhookReceiver } from "@/server/schemas/sandbox";

type Arrival = TSandboxWebhookReceiver["arrivals"][number];

/** The body as the receiver got it, indented when it is JSON. */
function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function ArrivalRow({ arrival }: { arrival: Arrival }) {
  return (
    <li data-testid="sandbox-webhook-arrival" className="py-3">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 text-sm">
          <time dateTime={arrival.receivedAt} className="text-xs text-slate-500">
            {formatDateTime(arrival.receivedAt)}
          </time>
          <code className="text-xs">{arrival.event ?? "no event header"}</code>
          {arrival.signatureValid ? (
            <Badge tone="green" title="X-Herald-Signature matches the HMAC-SHA256 of the body with the endpoint's secret">
              Signature valid
            </Badge>
          ) : (
            <Badge tone="red" title="No endpoint of this workspace pointing here has a secret that gives this X-Herald-Signature">
              Signature not valid
            </Badge>
          )}
        </summary>
        <div className="mt-3 space-y-3">
          <div>
            <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Headers</h4>
            <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-xs sm:grid-cols-[max-content_1fr]">
              {Object.entries(arrival.headers).map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="font-mono text-slate-500">{name}</dt>
                  <dd className="font-mono break-all text-slate-800">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div>
            <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Body</h4>
            <pre className="max-h-80 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">{prettyBody(arrival.body)}</pre>
          </div>
        </div>
      </details>
    </li>
  );
}

export function WebhookReceiverCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const receiver = useQuery({ ...trpc.sandbox.webhookReceiver.queryOptions(), refetchInterval: 5_000 });
  const add = useMutation(
    trpc.sandbox.addWebhookReceiver.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.sandbox.webhookReceiver.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
      },
    }),
  );
  if (!receiver.data?.enabled) return receiver.error ? <ErrorAlert error={receiver.error} /> : null;
  const { url, endpoints, arrivals } = receiver.data;
  return (
    <Card
      title="Webhook receiver"
      description="A receiver inside Herald to try webhooks without a server of your own: add it as an endpoint, send a test or let events happen, and see here what arrived."
      actions={
        endpoints.length === 0 && (
          <Button size="sm" disabled={add.isPending} onClick={() => add.mutate()}>
            {add.isPending ? "Adding…" : "Add as a webhook endpoint"}
          </Button>
        )
      }
    >
      <div className="space-y-4">
        <ErrorAlert error={add.error} />
        {url && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            Its address: <code className="text-xs break-all" data-testid="sandbox-receiver-url">{url}</code> <CopyButton value={url} ariaLabel="Copy the receiver address" />
          </p>
        )}
        {endpoints.length > 0 && (
          <p className="text-sm text-slate-600">
            It is a webhook endpoint of this workspace, subscribed to every event.{" "}
            <Link href="/settings/api" className="text-brand-600 hover:underline">
              Send a test from Settings → API and Webhooks
            </Link>
            .
          </p>
        )}
        {arrivals.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing arrived yet. The last 50 deliveries are kept here.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {arrivals.map((arrival) => (
              <ArrivalRow key={arrival.id} arrival={arrival} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
