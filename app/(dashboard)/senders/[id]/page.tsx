import type { Metadata } from "next";
import { SenderDetail } from "@/components/senders/sender-detail";

export const metadata: Metadata = { title: "Sender" };

export default async function SenderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SenderDetail id={id} />;
}
