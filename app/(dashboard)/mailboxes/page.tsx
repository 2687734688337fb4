import type { Metadata } from "next";
import { MailboxesList } from "@/components/mailboxes/mailboxes-list";

export const metadata: Metadata = { title: "Mailboxes" };

export default function MailboxesPage() {
  return <MailboxesList />;
}
