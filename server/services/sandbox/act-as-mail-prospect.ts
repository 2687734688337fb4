// The Sandbox page's mail network: a person acts as the recipient of an e-mail a sandbox mailbox
// sent. Opens and clicks reach Herald through the e-mail's own pixel and tracked link, unsubscribing
// through the unsubscribe page's service, and answers arrive in the mailbox as real mail would.
import { db } from "../../db/client";
import type { SandboxEmail } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { happen, readDone, replanMoment } from "../../providers/mail/sandbox/sandbox-mail-store";
import { firstTrackedLink, openPixelToken } from "../../domain/mail/tracking-in-email";
import type { TSandboxMailAction, TSandboxMailActionResult } from "../../schemas/sandbox-mail";
import { TRACKING_GRACE_MS } from "../../domain/mail/tracked-activity";
import { unsubscribeAddress } from "../campaigns/unsubscribe-address";
import { followTrackedLink, loadOpenPixel } from "./advance-sandbox-mail";
import { sandboxMailboxesOf } from "./get-sandbox-mail-overview";
import { recordGettingStarted } from "../getting-started/record-getting-started";

async function emailOfWorkspace(actor: Actor, emailId: string): Promise<{ row: SandboxEmail; mailboxId: string }> {
  const row = await db.sandboxEmail.findUnique({ where: { id: emailId } });
  const mailbox = row?.direction === "outbound" ? (await sandboxMailboxesOf(actor.workspaceId)).find((candidate) => candidate.email.toLowerCase() === row.fromAddress) : undefined;
  if (!row || !mailbox) throw HeraldError.notFound("E-mail");
  return { row, mailboxId: mailbox.id };
}

const GRACE_MINUTES = TRACKING_GRACE_MS / 60_000;
/**
 * Herald dates the e-mail from when its mailbox accepted it, a moment after the network did: a
 * few seconds more keep an open asked for right at the end of the window from falling inside it.
 */
const GRACE_END_MS = TRACKING_GRACE_MS + 5_000;

/**
 * Opens and clicks in the first minutes after sending are what mail scanners do, and Herald ignores
 * them; one asked for that early is planned for the end of that window instead of being lost.
 */
async function deferred(row: SandboxEmail, moment: "open" | "click", at: Date): Promise<string | null> {
  const end = row.sentAt.getTime() + GRACE_END_MS;
  if (at.getTime() >= end) return null;
  const planned = moment === "open" ? row.openAt : row.clickAt;
  if (!planned || planned.getTime() > end) await replanMoment(row.id, moment, new Date(end));
  const seconds = Math.ceil((end - at.getTime()) / 1000);
  const what = moment === "open" ? "opens" : "clicks";
  return `Herald ignores ${what} in the first ${GRACE_MINUTES} minutes after sending, because mail scanners ${moment === "open" ? "open every e-mail" : "follow every link"} as it arrives. The ${moment} will happen in ${seconds} seconds, when the network next catches up.`;
}

const FORGOTTEN = "Done, but Herald no longer has this e-mail (its mailbox was removed since), so nothing happens there, as with a real e-mail.";

/** Whether Herald still has the e-mail of a tracking token (it goes with its mailbox when that is removed). */
async function knownToHerald(token: string): Promise<boolean> {
  return (await db.emailMessage.count({ where: { trackingToken: token } })) > 0;
}

async function open(row: SandboxEmail, at: Date): Promise<string> {
  if (!openPixelToken(row.html)) {
    await happen(row.id, "open", at);
    return "Opened. This e-mail has no open pixel (open tracking is off), so Herald cannot see the open, as with real mail.";
  }
  const later = await deferred(row, "open", at);
  if (later) return later;
  const first = await loadOpenPixel(row, at);
  await happen(row.id, "open", at);
  if (first) return "Opened: Herald saw the open.";
  return (await knownToHerald(openPixelToken(row.html)!))
    ? "Opened again: Herald already knew this e-mail was opened."
    : FORGOTTEN;
}

async function click(row: SandboxEmail, at: Date): Promise<string> {
  const link = firstTrackedLink(row.html, row.text);
  if (!link) {
    await happen(row.id, "click", at);
    return "Clicked. This e-mail has no tracked link (click tracking is off, or it has no links), so Herald cannot see the click.";
  }
  const later = await deferred(row, "click", at);
  if (later) return later;
  const first = await followTrackedLink(row, at);
  await happen(row.id, "click", at);
  if (first) return `Clicked ${link.url}: Herald saw the click.`;
  return (await knownToHerald(link.token)) ? "Clicked again: Herald already knew a link of this e-mail was clicked." : FORGOTTEN;
}

/** The lead's part of an unsubscribe, in words: stopped, or kept going on LinkedIn as the workspace says (an unsubscribe after its campaign finished changes nothing there). */
async function whatHappenedToLead(workspaceId: string, leadStopped: boolean): Promise<string> {
  if (leadStopped) return " and stopped the lead";
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { optOutStopsLinkedin: true } });
  return workspace.optOutStopsLinkedin ? "" : " and stopped the lead's e-mails; its LinkedIn steps go on, as this workspace's settings say";
}

async function unsubscribe(actor: Actor, row: SandboxEmail, mailboxId: string, at: Date): Promise<string> {
  const email = await db.emailMessage.findFirst({ where: { mailboxId, messageId: row.messageId, workspaceId: actor.workspaceId }, select: { id: true } });
  const { changed, leadStopped } = await unsubscribeAddress({
    workspaceId: actor.workspaceId,
    address: row.toAddress,
    source: "page",
    emailMessageId: email?.id ?? null,
    mailboxEmail: row.fromAddress,
  });
  await happen(row.id, "unsubscribe", at);
  return changed
    ? `Unsubscribed ${row.toAddress}: Herald opted the address out${await whatHappenedToLead(actor.workspaceId, leadStopped)}.`
    : `${row.toAddress} was already unsubscribed: nothing changed.`;
}

/** Acts as the recipient of a sandbox e-mail, now. Returns what happened in plain words. */
export async function actAsSandboxMailProspect(actor: Actor, input: TSandboxMailAction): Promise<TSandboxMailActionResult> {
  const { row, mailboxId } = await emailOfWorkspace(actor, input.emailId);
  await recordGettingStarted(actor.workspaceId, "sandboxActedAt");
  const at = now();
  const done = readDone(row);
  if (done.bounce && input.action !== "unsubscribe") {
    return { message: `This e-mail bounced, so ${row.toAddress} never received it: there is nothing to ${input.action === "bounce" ? "bounce again" : "act on"}.` };
  }
  switch (input.action) {
    case "open":
      return { message: await open(row, at) };
    case "click":
      return { message: await click(row, at) };
    case "reply":
      await happen(row.id, "reply", at, { kind: "reply", text: input.text, again: true });
      return { message: `Replied: the answer is in ${row.fromAddress}'s inbox.` };
    case "auto-reply":
      return {
        message: (await happen(row.id, "autoReply", at, { kind: "auto-reply" }))
          ? `Out-of-office sent: the auto-reply is in ${row.fromAddress}'s inbox.`
          : "This e-mail already got its out-of-office auto-reply.",
      };
    case "bounce":
      await happen(row.id, "bounce", at, { kind: "bounce", bounceKind: input.kind });
      return {
        message:
          input.kind === "hard"
            ? `Bounced for good: the delivery failure report (the address does not exist) is in ${row.fromAddress}'s inbox.`
            : `Bounced softly: the delivery failure report (mailbox full) is in ${row.fromAddress}'s inbox.`,
      };
    case "complain":
      return {
        message: (await happen(row.id, "complain", at, { kind: "complaint" }))
          ? `Marked as spam: the complaint report is in ${row.fromAddress}'s inbox.`
          : "This e-mail was already marked as spam.",
      };
    case "unsubscribe":
      return { message: await unsubscribe(actor, row, mailboxId, at) };
  }
}
