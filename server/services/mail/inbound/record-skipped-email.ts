// The last resort of the reader for a message that failed to be taken in several times in a row
// (recordIncomingEmail threw: a database refusal of that one message, a bug in its effects): it is
// stored bare, without effect, with the reason, and the cursor moves past it, so one bad message
// never stops a mailbox's reading for good. When even that fails, only the cursor moves.
import type { Mailbox } from "../../../db/generated/client";
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import type { IncomingEmail } from "../../../providers/mail/types";
import { incomingMessageId } from "./record-incoming-email";

const clip = (value: string, length: number) => value.replace(/\u0000/g, "").slice(0, length);

export async function recordSkippedEmail(mailbox: Mailbox, email: IncomingEmail, reason: string): Promise<void> {
  const at = now();
  const receivedAt = Number.isNaN(Date.parse(email.receivedAt)) ? at : new Date(email.receivedAt);
  const messageId = clip(incomingMessageId(mailbox, email), 998);
  logger.warn("An incoming e-mail is skipped after repeated failures", { mailboxId: mailbox.id, uid: email.uid, reason });
  const moveCursor = db.mailbox.updateMany({ where: { id: mailbox.id }, data: { readCursor: email.uid, lastReadAt: at, readError: null } });
  try {
    await db.$transaction([
      db.emailMessage.createMany({
        data: [
          {
            workspaceId: mailbox.workspaceId,
            mailboxId: mailbox.id,
            direction: "inbound",
            source: "direct",
            status: "received",
            kind: "unmatched",
            uid: email.uid,
            skipReason: clip(reason, 2_000),
            messageId,
            threadRootId: messageId,
            references: [],
            fromAddress: clip(email.from?.address ?? "", 320),
            toAddress: clip(email.to[0]?.address ?? mailbox.email, 320),
            subject: clip(email.subject, 998),
            text: clip(email.text, 10_000),
            sentAt: receivedAt,
            createdAt: at,
            updatedAt: at,
          },
        ],
        skipDuplicates: true,
      }),
      moveCursor,
    ]);
  } catch (error) {
    logger.error("An incoming e-mail could not be stored even bare; reading goes on past it", { mailboxId: mailbox.id, uid: email.uid, error });
    await db.mailbox.updateMany({ where: { id: mailbox.id }, data: { readCursor: email.uid, lastReadAt: at, readError: null } });
  }
}
