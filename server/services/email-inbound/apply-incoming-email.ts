// PLACEHOLDER (foundation): no effects yet. Replaced by the reply, auto-reply, bounce and complaint effects.
import type { Prisma } from "../../db/client";
import type { EmailMessage, Mailbox } from "../../db/generated/client";
import type { IncomingEmail } from "../../providers/mail/types";
import type { Emit } from "../events/with-outbox";
import type { IncomingClassification, IncomingMatch, IncomingOutcome, PreparedIncoming } from "./inbound-types";

/** Before the transaction: the reply's AI classification when the lead's campaign or a webhook endpoint wants one. */
export async function prepareIncomingEmail(mailbox: Mailbox, classification: IncomingClassification, match: IncomingMatch, messageId: string): Promise<PreparedIncoming> {
  void mailbox;
  void classification;
  void match;
  void messageId;
  return { interest: null };
}

/** In the transaction that stored the message: what it does to leads, addresses, the mailbox, and the events it fires. */
export async function applyIncomingEmail(
  tx: Prisma.TransactionClient,
  emit: Emit,
  input: { mailbox: Mailbox; stored: EmailMessage; email: IncomingEmail; classification: IncomingClassification; match: IncomingMatch; prepared: PreparedIncoming },
): Promise<IncomingOutcome> {
  void tx;
  void emit;
  return input.match.leadId ? input.classification.kind : "unmatched";
}
