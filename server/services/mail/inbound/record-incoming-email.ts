// One message read from a mailbox, taken in: classified (reply, auto-reply, bounce, complaint),
// matched to the lead and campaign, stored, its effects applied and the mailbox's read cursor moved
// past it, all in one transaction, so a crash anywhere leaves either nothing (it is read again) or
// everything (it is not). A message seen before (same Message-ID in this mailbox) only moves the
// cursor. Nothing here throws for a bad message: what cannot be understood is stored as `unmatched`
// with its reason, and the reader goes on.
import { createHash } from "node:crypto";
import { db } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import type { IncomingEmail } from "../../../providers/mail/types";
import { withOutbox } from "../../events/with-outbox";
import { isMailtoUnsubscribeRequest } from "../tracking/unsubscribe-parts";
import { applyIncomingEmail, prepareIncomingEmail } from "./apply-incoming-email";
import { classifyIncomingEmail } from "./classify-incoming-email";
import type { IncomingClassification, IncomingOutcome } from "./inbound-types";
import { matchIncomingEmail } from "./match-incoming-email";
import { isPoolWarmupMail, passPoolWarmupReport } from "./pool-warmup-mail";

/** Longest text kept of an incoming message (the rest of a huge message is not needed to answer it). */
const MAX_TEXT = 100_000;

/** A message without a Message-ID gets a stable one from its content, so reading it again finds it. */
export function incomingMessageId(mailbox: Pick<Mailbox, "id">, email: IncomingEmail): string {
  if (email.messageId?.trim()) return email.messageId.trim();
  const digest = createHash("sha256").update(mailbox.id).update("\0").update(email.uid).update("\0").update(email.raw.slice(0, 65_536)).digest("hex");
  return `<${digest.slice(0, 32)}@herald.invalid>`;
}

async function classifySafely(email: IncomingEmail): Promise<{ classification: IncomingClassification; skipReason: string | null }> {
  try {
    return { classification: await classifyIncomingEmail(email), skipReason: null };
  } catch (error) {
    logger.warn("An incoming e-mail could not be understood; it is kept without effect", { error, uid: email.uid });
    return { classification: { kind: "reply", text: email.text.slice(0, MAX_TEXT) }, skipReason: `Could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Moves the cursor past mail of the warmup pool, which is taken in nowhere. */
async function passWarmup(mailbox: Mailbox, email: IncomingEmail, cursor: string | null, what: string): Promise<"warmup"> {
  await db.mailbox.updateMany({ where: { id: mailbox.id }, data: { ...(cursor !== null ? { readCursor: cursor } : {}), lastReadAt: now(), readError: null } });
  logger.debug(`${what} passed over`, { mailboxId: mailbox.id, uid: email.uid });
  return "warmup";
}

/** Why a report that arrived through a path nothing but a URL token vouches for is kept without effect. */
export const UNTRUSTED_REPORT =
  "A delivery or spam report posted to the mailbox's inbound address is kept without effect: anyone who knows that address could have posted it. The provider's signed event webhook reports bounces and complaints.";
export const UNTRUSTED_UNSUBSCRIBE =
  "An unsubscribe request posted to the mailbox's inbound address is kept without effect: anyone who knows that address could have posted it in a lead's name. The unsubscribe link and the provider's signed event webhook report opt-outs.";

/**
 * Takes one message in. `warmupChecked`: the caller already found it is not the pool's warmup mail
 * (the reader asks for a whole batch at once), so it is not asked again. `reportsTrusted: false`:
 * the message came through a path nothing but a URL token vouches for (SendGrid's Inbound Parse), so
 * a delivery or spam report in it is stored without effect (no dead address, no do-not-contact entry).
 */
export async function recordIncomingEmail(mailbox: Mailbox, email: IncomingEmail, cursor: string | null, options: { warmupChecked?: boolean; reportsTrusted?: boolean } = {}): Promise<IncomingOutcome> {
  // Warmup mail of Herald's pool (and replies to it) belongs to the pool, which reads it on its own:
  // no message, conversation, reply or bounce handling, unread count or lead match here. Only the
  // pool's own mail: a tag someone else wrote is taken in as any other e-mail.
  if (!options.warmupChecked && (await isPoolWarmupMail(email))) return passWarmup(mailbox, email, cursor, "Warmup e-mail");
  const messageId = incomingMessageId(mailbox, email);
  const classified = await classifySafely(email);
  const { classification } = classified;
  const untrusted = options.reportsTrusted === false;
  const untrustedReport = untrusted && (classification.kind === "bounce" || classification.kind === "complaint");
  // An e-mail to the List-Unsubscribe mailto: address opts an address out by its From alone: on an
  // unchecked path, someone else's From.
  const untrustedUnsubscribe = untrusted && (classification.kind === "reply" || classification.kind === "auto-reply") && isMailtoUnsubscribeRequest(email.subject);
  const skipReason = classified.skipReason ?? (untrustedReport ? UNTRUSTED_REPORT : untrustedUnsubscribe ? UNTRUSTED_UNSUBSCRIBE : null);
  // A bounce or complaint about a pool e-mail carries no tag at its top; the original's Message-ID tells.
  if (!skipReason && (await passPoolWarmupReport(classification))) return passWarmup(mailbox, email, cursor, "Report on a warmup e-mail");
  const match = skipReason
    ? { by: "none" as const, leadId: null, campaignLeadId: null, campaignId: null, outboundEmailId: null, threadRootId: messageId }
    : await matchIncomingEmail(mailbox, email, classification, messageId);
  const prepared = skipReason ? { interest: null } : await prepareIncomingEmail(mailbox, classification, match, messageId, email);
  const at = now();
  const receivedAt = Number.isNaN(Date.parse(email.receivedAt)) ? at : new Date(email.receivedAt);
  const text = (classification.kind === "reply" ? classification.text : email.text).slice(0, MAX_TEXT);
  const outcome = await withOutbox(async (tx, emit) => {
    const created = await tx.emailMessage.createManyAndReturn({
      data: [
        {
          workspaceId: mailbox.workspaceId,
          mailboxId: mailbox.id,
          leadId: match.leadId,
          campaignLeadId: match.campaignLeadId,
          campaignId: match.campaignId,
          direction: "inbound",
          source: match.campaignLeadId ? "campaign" : "direct",
          status: "received",
          // Stored first as unmatched, so the conversation trigger sees the final kind once, below.
          kind: "unmatched",
          uid: email.uid,
          // A message the provider read only in part (too large) still takes effect from what was
          // read (its headers and first part); the record says why the rest is missing.
          skipReason: skipReason ?? email.incomplete ?? null,
          messageId,
          threadRootId: match.threadRootId,
          inReplyTo: email.inReplyTo,
          references: email.references,
          fromAddress: email.from?.address.toLowerCase() ?? "",
          toAddress: email.to[0]?.address.toLowerCase() ?? mailbox.email,
          subject: email.subject.slice(0, 998),
          text,
          html: email.html && email.html.length <= MAX_TEXT * 5 ? email.html : null,
          sentAt: receivedAt,
          createdAt: at,
          updatedAt: at,
        },
      ],
      skipDuplicates: true,
    });
    const stored = created[0];
    let result: IncomingOutcome = "duplicate";
    if (stored) {
      result = skipReason ? "skipped" : await applyIncomingEmail(tx, emit, { mailbox, stored, email, classification, match, prepared });
      const kind = result === "skipped" || result === "duplicate" ? "unmatched" : result;
      if (kind !== "unmatched") await tx.emailMessage.update({ where: { id: stored.id }, data: { kind } });
    }
    await tx.mailbox.updateMany({ where: { id: mailbox.id }, data: { ...(cursor !== null ? { readCursor: cursor } : {}), lastReadAt: at, readError: null } });
    return result;
  });
  logger.debug("Incoming e-mail recorded", { mailboxId: mailbox.id, uid: email.uid, outcome });
  return outcome;
}
