import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MailboxConnect } from "@/components/connect/mailbox-connect";
import { isHeraldError } from "@/server/lib/errors";
import { viewFinishedMailboxHostedLink } from "@/server/services/mail/connect/view-mailbox-hosted-link";

export const metadata: Metadata = { title: "Mailbox connection", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

/** Where the person lands after Google or Microsoft sent them back, when the link names no redirectUrl. */
export default async function MailboxConnectFinishedPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { hostedLinkId } = await searchParams;
  if (typeof hostedLinkId !== "string" || !hostedLinkId) notFound();
  const view = await viewFinishedMailboxHostedLink(hostedLinkId).catch((error: unknown) => {
    if (isHeraldError(error) && error.code === "not-found") notFound();
    throw error;
  });
  return <MailboxConnect view={view} startHref={null} />;
}
