// Which incoming mail belongs to Herald's warmup pool and is passed over (no message, conversation,
// reply or bounce handling, unread count or lead match). Anyone can write an X-Herald-Warmup
// header, so a tag alone hides nothing: the e-mail must also be one the pool sent, its Message-ID a
// WarmupEmail's with that same tag (the pool stores every e-mail it sends, first e-mails and
// replies, before sending them). Reports (bounces, complaints) about a pool e-mail do not carry the
// tag at their top, so they are known by the original's Message-ID instead.
import { db } from "../../../db/client";
import { warmupTagOf } from "../../../domain/mail/warmup-mail";
import type { IncomingEmail } from "../../../providers/mail/types";
import type { IncomingClassification } from "./inbound-types";
import { normalizeMessageId } from "./mime-parts";

/** Longest error kept on a warmup e-mail (the column is shown in no list; the reason is enough). */
const MAX_ERROR = 300;

/**
 * The messages among `emails` that are the pool's own warmup mail: tagged in the pool's format and
 * sent by the pool with that tag. One indexed query for all the tagged ones; none when none is tagged.
 */
export async function findPoolWarmupMail(emails: readonly IncomingEmail[]): Promise<Set<IncomingEmail>> {
  const tagged = emails.flatMap((email) => {
    const tag = warmupTagOf(email.headers);
    const messageId = tag && email.messageId ? normalizeMessageId(email.messageId) : null;
    return tag && messageId ? [{ email, tag, messageId }] : [];
  });
  if (!tagged.length) return new Set();
  const rows = await db.warmupEmail.findMany({ where: { messageId: { in: [...new Set(tagged.map((entry) => entry.messageId))] } }, select: { messageId: true, tag: true } });
  const tags = new Map(rows.map((row) => [row.messageId, row.tag]));
  return new Set(tagged.filter((entry) => tags.get(entry.messageId) === entry.tag).map((entry) => entry.email));
}

/** Whether one message is the pool's own warmup mail (see findPoolWarmupMail). */
export async function isPoolWarmupMail(email: IncomingEmail): Promise<boolean> {
  return (await findPoolWarmupMail([email])).size > 0;
}

/**
 * Whether a bounce or complaint reports on one of the pool's e-mails; then it is passed over like
 * warmup mail. A failed delivery also marks that e-mail failed, with the report's reason, unless it
 * was already found at its recipient: the pool's day figures then count it neither as sent nor as
 * landed, and the recipient's side does not look for it. A delay (the server still tries) changes nothing.
 */
export async function passPoolWarmupReport(classification: IncomingClassification): Promise<boolean> {
  const report = classification.kind === "bounce" ? classification.bounce : classification.kind === "complaint" ? classification.complaint : null;
  const messageId = report?.originalMessageId ? normalizeMessageId(report.originalMessageId) : null;
  if (!messageId) return false;
  const row = await db.warmupEmail.findUnique({ where: { messageId }, select: { id: true } });
  if (!row) return false;
  if (classification.kind === "bounce" && classification.bounce.action === "failed") {
    const error = `Bounced: ${classification.bounce.message}`.slice(0, MAX_ERROR);
    await db.warmupEmail.updateMany({ where: { id: row.id, status: { in: ["sending", "sent"] }, landing: null }, data: { status: "failed", error } });
  }
  return true;
}
