"use client";
// One order: where its pipeline is, what is delayed and why, each domain and mailbox, what it cost
// and how it was paid, and what the team can do (resume, cancel).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/format";
import { plural } from "@/components/ui/plural";
import { useNow } from "@/components/ui/use-now";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TMailboxOrder } from "@/server/schemas/mailbox-order";
import { CancelOrderDialog } from "./cancel-order-dialog";
import {
  DOMAIN_STATUS_LABELS,
  MAILBOX_STEP_LABELS,
  PLATFORM_LABELS,
  STATUS_BADGE,
  dkimPendingText,
  formatMoney,
  orderStage,
  orderTitle,
  paymentText,
  refusedReasonText,
} from "./order-format";
import { OrderTimeline } from "./order-timeline";

type Domain = TMailboxOrder["domains"][number];

const DOMAIN_TONE: Record<Domain["status"], "green" | "red" | "slate" | "blue"> = {
  pending: "slate",
  registering: "blue",
  registered: "blue",
  refused: "red",
  provisioned: "blue",
  connected: "green",
};

function DomainPart({ domain }: { domain: Domain }) {
  return (
    <li className="space-y-2 py-3" data-testid="order-domain">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all text-slate-900">{domain.name}</span>
        <Badge tone={DOMAIN_TONE[domain.status]}>{DOMAIN_STATUS_LABELS[domain.status]}</Badge>
        <span className="text-xs text-slate-500">
          {PLATFORM_LABELS[domain.platform]} · {domain.existing ? "already yours" : plural(domain.years, "year", "years")}
        </span>
      </div>
      {domain.status === "refused" && (
        <p className="text-xs text-red-700" data-testid="refused-reason">
          Not registered: {refusedReasonText(domain.refusedReason)}. Its part of the order is refunded.
        </p>
      )}
      <ul className="space-y-1.5 pl-0 sm:pl-3">
        {domain.mailboxes.map((mailbox) => (
          <li key={mailbox.email} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="order-mailbox">
            {mailbox.step === "connected" && mailbox.accountId ? (
              <Link href={`/mailboxes/${mailbox.accountId}`} className="min-w-0 font-medium break-all text-brand-700 hover:underline">
                {mailbox.email}
              </Link>
            ) : (
              <span className="min-w-0 break-all text-slate-800">{mailbox.email}</span>
            )}
            <span className="text-xs text-slate-500">
              {mailbox.firstName} {mailbox.lastName}
              {mailbox.isAdmin ? " · admin" : ""}
            </span>
            <Badge tone={mailbox.step === "connected" ? "green" : mailbox.step === "refused" ? "red" : "slate"}>{MAILBOX_STEP_LABELS[mailbox.step]}</Badge>
          </li>
        ))}
      </ul>
      {dkimPendingText(domain) && <p className="text-xs text-slate-600">{dkimPendingText(domain)}</p>}
      {domain.existing && domain.dnsRecords.length > 0 && (
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer text-slate-700">DNS records to publish at your DNS host</summary>
          <div className="mt-2 overflow-x-auto">
            <table className="min-w-full text-left">
              <thead>
                <tr className="text-slate-500">
                  <th className="pr-3 font-medium">Type</th>
                  <th className="pr-3 font-medium">Host</th>
                  <th className="font-medium">Value</th>
                </tr>
              </thead>
              <tbody>
                {domain.dnsRecords.map((record) => (
                  <tr key={`${record.type}-${record.host}-${record.value}`}>
                    <td className="pr-3 align-top">{record.type}</td>
                    <td className="pr-3 align-top">{record.host}</td>
                    <td className="font-mono break-all">
                      {record.priority !== null ? `${record.priority} ` : ""}
                      {record.value}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </li>
  );
}

export function OrderCard({ order, highlighted = false }: { order: TMailboxOrder; highlighted?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const now = useNow(30_000);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.mailboxOrders.pathKey() });
  const resume = useMutation(trpc.mailboxOrders.resume.mutationOptions({ onSuccess: refresh }));
  const pay = useMutation(
    trpc.mailboxOrders.pay.mutationOptions({
      onSuccess: async (paid) => {
        if (paid.payment.status === "pending" && paid.payment.checkoutUrl) window.location.assign(paid.payment.checkoutUrl);
        else await refresh();
      },
    }),
  );
  const stage = orderStage(order);
  const badge = STATUS_BADGE[order.status];
  const attention = order.status === "needs_attention" || order.delayed;
  const finished = order.status === "completed";
  const ended = order.status === "completed" || order.status === "cancelled";
  const { totalCents, currency } = order.totals;
  const mailboxCount = order.domains.reduce((sum, domain) => sum + domain.mailboxes.length, 0);
  const quoteExpired = order.status === "quoted" && new Date(order.expiresAt).getTime() < now;

  return (
    <article
      id={`order-${order.id}`}
      data-testid="order-card"
      data-status={order.status}
      aria-label={`Order of ${orderTitle(order)}`}
      className={`rounded-lg bg-white shadow-xs ring-1 ${highlighted ? "ring-2 ring-brand-500" : "ring-slate-200"}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-5">
        <div className="min-w-0 space-y-1">
          <h2 className="text-base font-semibold break-all text-slate-900">{orderTitle(order)}</h2>
          <p className="text-xs text-slate-500">
            Ordered {formatDateTime(order.createdAt)} · {plural(order.domains.length, "domain", "domains")}, {plural(mailboxCount, "mailbox", "mailboxes")}
            {order.warmup.enabled ? ` · warmup ${order.warmup.strategy?.preset ?? "on"}` : " · no warmup"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {order.delayed && order.status !== "needs_attention" && <Badge tone="amber">Delayed</Badge>}
          <Badge tone={badge.tone}>
            <span data-testid="order-status">{badge.label}</span>
          </Badge>
        </div>
      </header>
      <div className="space-y-4 px-4 py-4 sm:px-5">
        {order.status !== "quoted" && order.status !== "cancelled" && <OrderTimeline stage={Math.max(stage, 0)} attention={attention} finished={finished} />}
        {order.statusLabel && (attention || order.status === "cancelled") && (
          <Alert tone={order.status === "cancelled" ? "info" : "warning"}>
            <span data-testid="order-status-label">{order.statusLabel}</span>
            {order.status === "needs_attention" && " The team is on it; you can also resume the order once the cause is fixed."}
          </Alert>
        )}
        {order.statusLabel && !attention && order.status !== "cancelled" && order.status !== "completed" && (
          <p className="text-sm text-slate-600" data-testid="order-status-label">
            {order.statusLabel}
          </p>
        )}
        {order.status === "completed" && order.completedAt && <p className="text-sm text-emerald-700">Completed {formatDateTime(order.completedAt)}: every mailbox is connected.</p>}
        {order.status === "cancelled" && <p className="text-sm text-slate-600">Cancelled {formatDateTime(order.cancelledAt)}.</p>}
        <ul className="divide-y divide-slate-100" aria-label="Domains">
          {order.domains.map((domain) => (
            <DomainPart key={domain.name} domain={domain} />
          ))}
        </ul>
        <div className="flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-3">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm">
            <dt className="text-slate-500">Total</dt>
            <dd className="font-medium text-slate-900 tabular-nums" data-testid="order-total">
              {formatMoney(totalCents, currency)}
            </dd>
            <dt className="text-slate-500">Payment</dt>
            <dd className="text-slate-800" data-testid="order-payment">
              {paymentText(order.payment, currency)}
            </dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            {order.payment.status === "pending" && order.payment.checkoutUrl && (
              <a href={order.payment.checkoutUrl} className="inline-flex items-center rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-xs hover:bg-brand-700">
                Complete payment
              </a>
            )}
            {order.status === "quoted" && order.payment.status === "none" && !quoteExpired && (
              <Button disabled={pay.isPending} onClick={() => pay.mutate({ orderId: order.id, payment: { returnUrl: `${window.location.origin}/orders?order=${order.id}` } })}>
                {pay.isPending ? "Paying…" : `Pay ${formatMoney(totalCents, currency)}`}
              </Button>
            )}
            {order.status === "needs_attention" && (
              <Button disabled={resume.isPending} onClick={() => resume.mutate({ orderId: order.id })}>
                {resume.isPending ? "Resuming…" : "Resume"}
              </Button>
            )}
            {!ended && !quoteExpired && (
              <Button variant="secondary" onClick={() => setCancelling(true)}>
                Cancel order
              </Button>
            )}
          </div>
        </div>
        {quoteExpired && <p className="text-xs text-slate-500">This quote expired on {formatDateTime(order.expiresAt)}; order again to get a new price.</p>}
        {(resume.error || pay.error) && <Alert tone="error">{errorMessage(resume.error ?? pay.error)}</Alert>}
      </div>
      {cancelling && <CancelOrderDialog order={order} onClose={() => setCancelling(false)} />}
    </article>
  );
}
