import type { Metadata } from "next";
import { Suspense } from "react";
import { OrdersPage } from "@/components/mailbox-orders/orders-page";

export const metadata: Metadata = { title: "Orders" };

export default function Orders() {
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading orders…</p>}>
      <OrdersPage />
    </Suspense>
  );
}
