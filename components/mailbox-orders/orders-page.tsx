"use client";
// The Orders page: every order of the workspace, newest first, each following its pipeline live
// (every few seconds while one is moving). `?order=<id>` marks the order just paid for.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { errorMessage } from "@/components/ui/trpc-error";
import { OrderCard } from "./order-card";
import { isMoving } from "./order-format";

const PAGE_SIZE = 20;
const LIVE_MS = 2_500;
const IDLE_MS = 30_000;

const newOrderLink = (
  <Link href="/orders/new" className="inline-flex items-center gap-1.5 rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-xs hover:bg-brand-700">
    <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M10 4v12M4 10h12" strokeLinecap="round" />
    </svg>
    Order domains and mailboxes
  </Link>
);

export function OrdersPage() {
  const trpc = useTRPC();
  const highlighted = useSearchParams().get("order");
  const [offset, setOffset] = useState(0);
  const orders = useQuery({
    ...trpc.mailboxOrders.list.queryOptions({ limit: PAGE_SIZE, offset }),
    refetchInterval: (query) => (query.state.data?.data.some(isMoving) ? LIVE_MS : IDLE_MS),
  });
  const rows = orders.data?.data ?? [];
  const moving = rows.some(isMoving);

  useEffect(() => {
    if (highlighted && rows.some((order) => order.id === highlighted)) document.getElementById(`order-${highlighted}`)?.scrollIntoView({ block: "start" });
    // Once, when the order first shows up; later refreshes must not pull the page back to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [highlighted, rows.length > 0]);

  return (
    <>
      <PageHeader
        title="Orders"
        description={
          <>
            Domains and managed mailboxes bought through Herald, each followed from payment to connected mailboxes.
            {moving && <span className="ml-1" role="status">Updating live.</span>}
          </>
        }
        actions={rows.length || offset ? newOrderLink : undefined}
      />
      {orders.isPending ? (
        <div className="rounded-lg bg-white px-5 py-10 text-center text-sm text-slate-500 ring-1 ring-slate-200" role="status">
          Loading orders…
        </div>
      ) : orders.error ? (
        <Alert tone="error">{errorMessage(orders.error)}</Alert>
      ) : !rows.length && !offset ? (
        <EmptyState title="No orders yet" action={newOrderLink}>
          Buy domains and ready-made Google Workspace or Microsoft 365 mailboxes: Herald registers the domains, sets up the mail and DNS, connects the
          mailboxes and starts their warmup.
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {rows.map((order) => (
            <OrderCard key={order.id} order={order} highlighted={order.id === highlighted} />
          ))}
          {(offset > 0 || rows.length === PAGE_SIZE) && (
            <div className="flex justify-between gap-2">
              <Button variant="secondary" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
                Newer orders
              </Button>
              <Button variant="secondary" size="sm" disabled={rows.length < PAGE_SIZE} onClick={() => setOffset(offset + PAGE_SIZE)}>
                Older orders
              </Button>
            </div>
          )}
        </div>
      )}
    </>
  );
}
