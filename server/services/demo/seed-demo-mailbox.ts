// The Quick start's sample mailbox: a sandbox mailbox on a domain whose DNS lacks a DMARC record
// (the sandbox's `nodmarc` word, docs/sandbox.md), so a newcomer opens its health page and sees at
// once what is wrong and the exact record that fixes it, runs a deliverability test and starts
// warmup. Its links use a tracking domain on its own domain (track.northwind-nodmarc.test, which the
// sandbox verifies offline: docs/email-tracking.md), so its e-mails show what a custom tracking host
// looks like. Created once, with its DNS checked; never touched again.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { DEMO_MAILBOX } from "../../schemas/getting-started";
import { ZConnectMailboxInput } from "../../schemas/mailbox";
import { refreshDnsHealth } from "../mail/health/check-dns-health";
import { connectMailbox } from "../mail/mailboxes/connect-mailbox";
import { createTrackingDomain } from "../mail/tracking-domains/create-tracking-domain";

export async function seedDemoMailbox(actor: Actor): Promise<{ mailboxId: string } | null> {
  const workspace = await db.workspace.findUnique({ where: { id: actor.workspaceId }, select: { emailChannelEnabled: true } });
  if (!workspace?.emailChannelEnabled) return null;
  if (await db.mailbox.count({ where: { workspaceId: actor.workspaceId } })) return null;
  const mailbox = await connectMailbox(actor, ZConnectMailboxInput.parse({ provider: "sandbox", email: DEMO_MAILBOX, label: "Sample mailbox", fromName: "Ada Lovelace" }), { via: "dashboard" });
  // Checked now rather than by the background job, so the health page has it on the first visit.
  await refreshDnsHealth(mailbox.id);
  await createTrackingDomain(actor, { host: `track.${DEMO_MAILBOX.split("@")[1]}` });
  return { mailboxId: mailbox.id };
}
