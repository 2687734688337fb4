import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MailboxConnect } from "@/components/connect/mailbox-connect";
import { isHeraldError } from "@/server/lib/errors";
import { viewMailboxHostedLink } from "@/server/services/mail/connect/view-mailbox-hosted-link";

export const metadata: Metadata = { title: "Connect your mailbox", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default async function MailboxConnectPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await viewMailboxHostedLink(token).catch((error: unknown) => {
    if (isHeraldError(error) && error.code === "not-found") notFound();
    throw error;
  });
  return <MailboxConnect view={view} startHref={`/connect/mailbox/${encodeURIComponent(token)}/start`} />;
}
