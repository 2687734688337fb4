import type { Metadata } from "next";
import { SendersList } from "@/components/senders/senders-list";

export const metadata: Metadata = { title: "Senders" };

export default function SendersPage() {
  return <SendersList />;
}
