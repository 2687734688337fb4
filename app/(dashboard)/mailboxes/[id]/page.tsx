import type { Metadata } from "next";
import { MailboxDetail } from "@/components/mailboxes/mailbox-detail";

export const metadata: Metadata = { title: "Mailbox" };

export default async function MailboxPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <MailboxDetail id={id} />;
}
