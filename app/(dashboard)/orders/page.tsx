import type { Metadata } from "next";
import { NotBuiltYet } from "@/components/shell/not-built-yet";

export const metadata: Metadata = { title: "Orders" };

export default function OrdersPage() {
  return (
    <NotBuiltYet title="Orders" description="Domains and managed mailboxes bought through Herald.">
      When ordering arrives you will follow each order through provisioning here.
    </NotBuiltYet>
  );
}
