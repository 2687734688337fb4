import type { Metadata } from "next";
import { MailboxHealthPage } from "@/components/mailbox-health/mailbox-health-page";

export const metadata: Metadata = { title: "Mailbox health" };

export default async function MailboxHealthRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <MailboxHealthPage id={id} />;
}
