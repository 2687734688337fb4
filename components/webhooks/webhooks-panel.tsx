"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { CopyButton } from "@/components/settings/copy-button";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";
import type { EventName } from "@/server/schemas/events";
import type { TWebhookEndpoint, TWebhookTestResult, TWebhookWarning } from "@/server/schemas/webhook";
import { endpointOriginLabel, matchesOrigin, type EndpointOriginFilter } from "./endpoint-origin";
import { EventPicker } from "./event-picker";
import { plural } from "@/components/ui/plural";

function CreateWebhookForm({ onCreated }: { onCreated: (warnings: TWebhookWarning[]) => void }) {
  const trpc = useTRPC();
  const [events, setEvents] = useState<EventName[]>([]);
  const create = useMutation(trpc.webhooks.create.mutationOptions({ onSuccess: (saved) => onCreated(saved.warnings) }));
  const errors = fieldErrors(create.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    create.mutate(
      { url: String(data.get("url") ?? ""), events, classifyReplies: data.get("classifyReplies") === "on" },
      {
        onSuccess: () => {
          form.reset();
          setEvents([]);
        },
      },
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {create.error && !Object.keys(errors).length && <Alert tone="error">{errorMessage(create.error)}</Alert>}
      <Field label="Endpoint URL" htmlFor="webhook-url" error={errors.url} hint="Herald POSTs signed JSON here. Answer with any 2xx within 8 seconds.">
        <Input id="webhook-url" name="url" type="url" placeholder="https://example.com/herald-webhooks" required />
      </Field>
      <EventPicker value={events} onChange={setEvents} />
      {errors.events && <p className="text-xs text-red-600">{errors.events}</p>}
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="classifyReplies" className="size-4 rounded border-slate-300" />
        Classify replies (adds the lead&apos;s interest to message.received and email.received; spends AI credits)
      </label>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Adding…" : "Add endpoint"}
      </Button>
    </form>
  );
}

function EndpointRow({ endpoint, origin, onChanged }: { endpoint: TWebhookEndpoint; origin: string | null; onChanged: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [showSecret, setShowSecret] = useState(false);
  const [testResult, setTestResult] = useState<TWebhookTestResult | null>(null);
  const update = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: onChanged }));
  const remove = useMutation(trpc.webhooks.delete.mutationOptions({ onSuccess: onChanged }));
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: async (result) => {
        setTestResult(result);
        // The test is in the deliveries log now.
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() });
      },
    }),
  );
  return (
    <li data-testid="webhook-endpoint" className="space-y-2 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-mono text-sm text-slate-900">{endpoint.url}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
            {endpoint.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red" title={endpoint.disabledReason ?? undefined}>Disabled</Badge>}
            {origin && <Badge tone="blue">REST hook</Badge>}
            <span>{plural(endpoint.events.length, "event")}</span>
            <span>Last delivery {formatRelative(endpoint.lastDeliveryAt)}</span>
            {endpoint.failureCount > 0 && <Badge tone="amber">{endpoint.failureCount} failed in a row</Badge>}
          </p>
          {origin && (
            <p data-testid="webhook-origin" className="mt-1 text-xs text-slate-600">
              {origin}
            </p>
          )}
          {!endpoint.enabled && endpoint.disabledReason && <p className="mt-1 text-xs text-red-700">{endpoint.disabledReason}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={test.isPending} onClick={() => test.mutate({ id: endpoint.id })}>
            {test.isPending ? "Sending…" : "Send test"}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: endpoint.id, changes: { enabled: !endpoint.enabled } })}
          >
            {endpoint.enabled ? "Disable" : "Enable"}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setShowSecret(!showSecret)}>
            {showSecret ? "Hide secret" : "Reveal secret"}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700"
            onClick={() => {
              const automation = origin ? " The automation that subscribed it receives no more events." : "";
              if (window.confirm(`Delete the endpoint ${endpoint.url}? Its delivery log goes with it.${automation}`)) remove.mutate({ id: endpoint.id });
            }}
          >
            Delete
          </Button>
        </div>
      </div>
      <p className="flex flex-wrap gap-1">
        {endpoint.events.map((event) => (
          <code key={event} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
            {event}
          </code>
        ))}
      </p>
      {showSecret && (
        <div className="flex items-center gap-2">
          <code data-testid="webhook-secret" className="flex-1 truncate rounded bg-slate-100 px-2 py-1 font-mono text-xs">
            {endpoint.secret}
          </code>
          <CopyButton value={endpoint.secret} />
        </div>
      )}
      {testResult && (
        <Alert tone={testResult.delivered ? "success" : "error"}>
          <span data-testid="webhook-test-result">
            {testResult.delivered ? "Delivered" : "Not delivered"}: {testResult.responseStatus ? `HTTP ${testResult.responseStatus}` : testResult.error} in{" "}
            {testResult.durationMs} ms {testResult.error && testResult.responseStatus ? `(${testResult.error})` : ""}
          </span>
        </Alert>
      )}
      {(update.error || remove.error || test.error) && <Alert tone="error">{errorMessage(update.error ?? remove.error ?? test.error)}</Alert>}
      <p className="text-xs text-slate-400">Created {formatDateTime(endpoint.createdAt)} · {endpoint.id}</p>
    </li>
  );
}

export function WebhooksPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const endpoints = useQuery(trpc.webhooks.list.queryOptions());
  // For the names of the keys that subscribed REST hooks.
  const apiKeys = useQuery(trpc.apiKeys.list.queryOptions());
  const [originFilter, setOriginFilter] = useState<EndpointOriginFilter>("all");
  const [adding, setAdding] = useState(false);
  // Shown after a save that went through with a caveat (a host that does not resolve yet).
  const [warnings, setWarnings] = useState<TWebhookWarning[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  return (
    <Card
      title="Webhooks"
      description="Signed HTTP deliveries of Herald's events to your endpoints, retried for about 20 minutes when they fail."
      actions={
        <Button
          variant={adding ? "secondary" : "primary"}
          size="sm"
          onClick={() => {
            setAdding(!adding);
            setWarnings([]);
          }}
        >
          {adding ? "Cancel" : "Add endpoint"}
        </Button>
      }
    >
      {adding && (
        <div className="mb-6 rounded-lg border border-slate-200 p-4">
          <CreateWebhookForm
            onCreated={(saved) => {
              setAdding(false);
              setWarnings(saved);
              void refresh();
            }}
          />
        </div>
      )}
      {warnings.length > 0 && (
        <div className="mb-4 space-y-2" data-testid="webhook-warnings">
          {warnings.map((warning) => (
            <Alert key={warning.code} tone="warning">
              {/* A host name is one long word: break it only where it would overflow the box. */}
              <span className="break-words">Endpoint added. {warning.message}</span>
            </Alert>
          ))}
        </div>
      )}
      {endpoints.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : !endpoints.data?.endpoints.length ? (
        <p className="text-sm text-slate-500">No endpoints yet. Add one to receive events such as replies and accepted connections.</p>
      ) : (
        <>
          {endpoints.data.endpoints.some((endpoint) => endpoint.createdVia === "rest-hook") && (
            <label className="mb-2 flex items-center gap-2 text-xs text-slate-600">
              Show
              <Select
                aria-label="Show endpoints added"
                value={originFilter}
                onChange={(event) => setOriginFilter(event.target.value as EndpointOriginFilter)}
                className="w-auto"
              >
                <option value="all">All endpoints</option>
                <option value="user">Added here or through the webhooks API</option>
                <option value="rest-hook">Added by Zapier, Make, n8n (REST hooks)</option>
              </Select>
            </label>
          )}
          <ul className="divide-y divide-slate-100">
            {endpoints.data.endpoints
              .filter((endpoint) => matchesOrigin(endpoint, originFilter))
              .map((endpoint) => (
                <EndpointRow
                  key={endpoint.id}
                  endpoint={endpoint}
                  origin={endpointOriginLabel(endpoint, apiKeys.data)}
                  onChanged={() => void refresh()}
                />
              ))}
          </ul>
        </>
      )}
      <details className="mt-4 text-xs text-slate-500">
        <summary className="cursor-pointer">How to verify a delivery</summary>
        <p className="mt-2">
          Each POST carries <code>X-Herald-Event</code>, <code>X-Herald-Delivery</code> (stable across retries: deduplicate on it) and{" "}
          <code>X-Herald-Signature</code>, the hex HMAC-SHA256 of the raw body keyed by the endpoint secret. Compare it in constant time. The{" "}
          <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> headers follow Standard Webhooks, so its
          libraries verify deliveries with the same secret.
        </p>
      </details>
    </Card>
  );
}
