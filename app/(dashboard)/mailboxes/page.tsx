import type { Metadata } from "next";
import { MailboxesList } from "@/components/mailboxes/mailboxes-list";
import { TrackingDomainsCard } from "@/components/tracking-domains/tracking-domains-card";

export const metadata: Metadata = { title: "Mailboxes" };

export default function MailboxesPage() {
  return (
    <>
      <MailboxesList />
      <TrackingDomainsCard />
    </>
  );
}
