import type { Metadata } from "next";
import { OrderWizard } from "@/components/mailbox-orders/order-wizard";

export const metadata: Metadata = { title: "Order domains and mailboxes" };

export default function NewOrder() {
  return <OrderWizard />;
}
