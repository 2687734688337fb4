import type { Metadata } from "next";
import { NotBuiltYet } from "@/components/shell/not-built-yet";

export const metadata: Metadata = { title: "Mailboxes" };

export default function MailboxesPage() {
  return (
    <NotBuiltYet title="Mailboxes" description="E-mail accounts that send campaign e-mails, with warmup and DNS health.">
      When mailboxes arrive you will connect or buy mailboxes here and follow their warmup and deliverability.
    </NotBuiltYet>
  );
}
