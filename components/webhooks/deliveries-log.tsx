"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { errorMessage } from "@/components/ui/trpc-error";
import { SUBSCRIBABLE_EVENTS } from "@/server/schemas/events";

const PAGE = 20;
const statusTone: Record<string, BadgeTone> = { delivered: "green", pending: "amber", failed: "red" };

function DeliveryDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const detail = useQuery(trpc.webhooks.delivery.queryOptions({ id }));
  const retry = useMutation(
    trpc.webhooks.retryDelivery.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() }) }),
  );
  if (!detail.data) return <p className="p-4 text-sm text-slate-500">Loading…</p>;
  const delivery = detail.data;
  return (
    <div className="space-y-4 bg-slate-50 p-4" data-testid="delivery-detail">
      <div className="flex items-center justify-between">
        <p className="text-sm text-slate-600">
          Delivery <code>{delivery.id}</code> to <code>{delivery.url}</code>
        </p>
        <div className="flex gap-2">
          {delivery.status === "failed" && !delivery.test && (
            <Button size="sm" disabled={retry.isPending} onClick={() => retry.mutate({ id })}>
              {retry.isPending ? "Retrying…" : "Send again"}
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
      {retry.error && <Alert tone="error">{errorMessage(retry.error)}</Alert>}
      {retry.isSuccess && <Alert tone="success">A new round of attempts started.</Alert>}
      <div>
        <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Attempts</h4>
        {delivery.attemptHistory.length === 0 ? (
          <p className="text-sm text-slate-500">No attempt yet{delivery.nextAttemptAt ? `; next at ${formatDateTime(delivery.nextAttemptAt)}` : ""}.</p>
        ) : (
          <table className="w-full text-left text-xs">
            <thead className="text-slate-500">
              <tr>
                <th className="py-1 font-medium">#</th>
                <th className="py-1 font-medium">When</th>
                <th className="py-1 font-medium">Result</th>
                <th className="py-1 font-medium">Time</th>
                <th className="py-1 font-medium">Answer</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {delivery.attemptHistory.map((attempt) => (
                <tr key={`${attempt.round}-${attempt.number}`}>
                  <td className="py-1">
                    {attempt.round > 1 ? `${attempt.round}.` : ""}
                    {attempt.number}
                  </td>
                  <td className="py-1">{formatDateTime(attempt.startedAt)}</td>
                  <td className="py-1">
                    {attempt.ok ? <Badge tone="green">{attempt.responseStatus}</Badge> : <Badge tone="red">{attempt.error}</Badge>}
                  </td>
                  <td className="py-1">{attempt.durationMs} ms</td>
                  <td className="max-w-xs py-1 align-top font-mono text-slate-500">
                    {/* Kept whole (the server already shortened it at a sentence or word end): wrapped and scrolled, never clipped mid-word. */}
                    <div className="max-h-24 overflow-y-auto whitespace-pre-wrap wrap-anywhere">{attempt.responseBody}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div>
        <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Payload</h4>
        <pre className="max-h-80 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(delivery.payload, null, 2)}</pre>
      </div>
    </div>
  );
}

export function DeliveriesLog() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<{ event?: string; status?: "pending" | "delivered" | "failed"; webhookId?: string }>({});
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const endpoints = useQuery(trpc.webhooks.list.queryOptions());
  const deliveries = useQuery({ ...trpc.webhooks.deliveries.queryOptions({ ...filters, limit: PAGE, offset }), refetchInterval: 5_000 });
  const setFilter = (name: keyof typeof filters, value: string) => {
    setOffset(0);
    setFilters({ ...filters, [name]: value || undefined });
  };
  return (
    <Card title="Deliveries" description="Every event sent to your endpoints in the last 7 days, newest first, test deliveries included.">
      <div className="mb-4 flex flex-wrap gap-3">
        <Select aria-label="Event" value={filters.event ?? ""} onChange={(event) => setFilter("event", event.target.value)} className="w-auto">
          <option value="">All events</option>
          {SUBSCRIBABLE_EVENTS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
        <Select aria-label="Status" value={filters.status ?? ""} onChange={(event) => setFilter("status", event.target.value)} className="w-auto">
          <option value="">Any status</option>
          <option value="pending">Pending</option>
          <option value="delivered">Delivered</option>
          <option value="failed">Failed</option>
        </Select>
        <Select aria-label="Endpoint" value={filters.webhookId ?? ""} onChange={(event) => setFilter("webhookId", event.target.value)} className="w-auto max-w-xs">
          <option value="">All endpoints</option>
          {endpoints.data?.endpoints.map((endpoint) => (
            <option key={endpoint.id} value={endpoint.id}>
              {endpoint.url}
            </option>
          ))}
        </Select>
      </div>
      {deliveries.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : !deliveries.data?.deliveries.length ? (
        <p className="text-sm text-slate-500">No deliveries{Object.values(filters).some(Boolean) ? " match these filters" : " yet"}.</p>
      ) : (
        <>
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th className="py-2 font-medium">When</th>
                <th className="py-2 font-medium">Event</th>
                <th className="py-2 font-medium">Endpoint</th>
                <th className="py-2 font-medium">Status</th>
                <th className="py-2 font-medium">Attempts</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {deliveries.data.deliveries.map((delivery) => (
                <Fragment key={delivery.id}>
                  <tr
                    data-testid="delivery-row"
                    tabIndex={0}
                    className="cursor-pointer hover:bg-slate-50"
                    onClick={() => setOpen(open === delivery.id ? null : delivery.id)}
                    onKeyDown={(event) => event.key === "Enter" && setOpen(open === delivery.id ? null : delivery.id)}
                  >
                    <td className="py-2 text-slate-500">{formatDateTime(delivery.createdAt)}</td>
                    <td className="py-2">
                      <code className="text-xs">{delivery.event}</code>
                      {delivery.test && (
                        <span className="ml-2">
                          <Badge tone="slate" title="Sent with Send test: never retried">
                            Test
                          </Badge>
                        </span>
                      )}
                    </td>
                    <td className="max-w-xs truncate py-2 font-mono text-xs text-slate-600">{delivery.url}</td>
                    <td className="py-2">
                      <Badge tone={statusTone[delivery.status]}>{delivery.status}</Badge>
                      {delivery.lastError && delivery.status !== "delivered" && (
                        <span className="ml-2 text-xs text-slate-500">{delivery.lastError}</span>
                      )}
                    </td>
                    <td className="py-2">{delivery.attempts}</td>
                  </tr>
                  {open === delivery.id && (
                    <tr>
                      <td colSpan={5}>
                        <DeliveryDetail id={delivery.id} onClose={() => setOpen(null)} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
          <Pager offset={offset} pageSize={PAGE} shown={deliveries.data.deliveries.length} total={deliveries.data.total} onOffsetChange={setOffset} />
        </>
      )}
    </Card>
  );
}
