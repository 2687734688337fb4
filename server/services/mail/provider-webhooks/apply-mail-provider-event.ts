// One event an e-mail API provider reported through its webhook, taken once: the event is written
// to MailProviderEvent in the transaction that applies it, so a redelivery (providers retry until
// they get a 2xx, and may send twice) changes nothing. A bounce or a complaint goes through the same
// rules as a delivery report or a feedback report read from a mailbox (record-email-bounce.ts,
// record-email-complaint.ts); the provider's unsubscribe as the List-Unsubscribe one-click does.
// Deliveries, opens and clicks change nothing: Herald tracks opens and clicks itself (its pixel and
// links), and keeps no delivery time (docs/email-api-providers.md).
import { createHash } from "node:crypto";
import type { Prisma } from "../../../db/client";
import type { EmailMessage, Mailbox } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import type { ApiMailEvent, ApiMailProviderName } from "../../../providers/mail/api/types";
import { unsubscribeAddressIn } from "../../campaigns/unsubscribe-address";
import { withOutbox } from "../../events/with-outbox";
import { describeBounceStatus, findStatusCode } from "../inbound/describe-bounce-status";
import type { IncomingMatch } from "../inbound/inbound-types";
import { recordEmailBounce } from "../inbound/record-email-bounce";
import { recordEmailComplaint } from "../inbound/record-email-complaint";

export type ProviderEventOutcome = "duplicate" | "unmatched" | "bounce" | "complaint" | "unsubscribe" | "ignored";

/**
 * The outbound e-mail the event is about: by the provider's id of it, else by Herald's Message-ID.
 * First among this mailbox's e-mails; then, by Message-ID only, among the workspace's other mailboxes
 * on the same provider: several mailboxes may share one provider account (a SendGrid account posts
 * all its events to each Event Webhook, a Mailgun domain's webhooks serve all its addresses), and
 * Herald's Message-IDs are random, so one names exactly one e-mail. Never outside the workspace.
 */
async function findOutbound(tx: Prisma.TransactionClient, mailbox: Mailbox, event: ApiMailEvent): Promise<EmailMessage | null> {
  const select = { mailboxId: mailbox.id, direction: "outbound" };
  if (event.providerMessageId) {
    const found = await tx.emailMessage.findFirst({ where: { ...select, providerMessageId: event.providerMessageId } });
    if (found) return found;
  }
  if (!event.messageId) return null;
  const own = await tx.emailMessage.findFirst({ where: { ...select, messageId: event.messageId } });
  if (own) return own;
  return tx.emailMessage.findFirst({
    where: { direction: "outbound", messageId: event.messageId, workspaceId: mailbox.workspaceId, mailbox: { provider: mailbox.provider } },
  });
}

function matchOf(outbound: EmailMessage): IncomingMatch {
  return {
    by: "headers",
    leadId: outbound.leadId,
    campaignLeadId: outbound.campaignLeadId,
    campaignId: outbound.campaignId,
    outboundEmailId: outbound.id,
    threadRootId: outbound.threadRootId,
  };
}

/** Kept as a digest: some providers' ids are made of the recipient's address (Postmark's deliveries), which a person's erasure must not leave behind. */
function storedEventId(event: ApiMailEvent): string {
  return createHash("sha256").update(event.eventId).digest("hex");
}

export async function applyMailProviderEvent(mailbox: Mailbox, provider: ApiMailProviderName, event: ApiMailEvent): Promise<ProviderEventOutcome> {
  return withOutbox(async (tx, emit) => {
    const outbound = await findOutbound(tx, mailbox, event);
    const taken = await tx.mailProviderEvent.createMany({
      data: [{ mailboxId: outbound?.mailboxId ?? mailbox.id, provider, eventId: storedEventId(event), kind: event.kind, emailMessageId: outbound?.id ?? null, receivedAt: now() }],
      skipDuplicates: true,
    });
    if (!taken.count) return "duplicate";
    if (!outbound) return "unmatched";
    switch (event.kind) {
      case "bounce-hard":
      case "bounce-soft": {
        const severity = event.kind === "bounce-hard" ? "hard" : "soft";
        const status = findStatusCode(event.detail);
        const outcome = await recordEmailBounce(tx, emit, {
          mailbox,
          stored: null,
          match: matchOf(outbound),
          bounce: {
            severity,
            action: "failed",
            status,
            recipient: event.recipient ?? outbound.toAddress.toLowerCase(),
            originalMessageId: outbound.messageId,
            diagnostic: event.detail,
            message: describeBounceStatus(status, severity),
          },
        });
        return outcome === "bounce" ? "bounce" : "unmatched";
      }
      case "complaint": {
        const outcome = await recordEmailComplaint(tx, emit, {
          mailbox,
          stored: null,
          match: matchOf(outbound),
          complaint: { feedbackType: "abuse", recipient: event.recipient, originalMessageId: outbound.messageId, message: "The recipient reported the e-mail as spam" },
        });
        return outcome === "complaint" ? "complaint" : "unmatched";
      }
      case "unsubscribe":
        await unsubscribeAddressIn(tx, emit, {
          workspaceId: mailbox.workspaceId,
          // The address the e-mail went to, as for a bounce or a complaint: never one the event names.
          address: outbound.toAddress.toLowerCase(),
          source: "one-click",
          emailMessageId: outbound.id,
          campaignLeadId: outbound.campaignLeadId,
          mailboxEmail: mailbox.email,
        });
        return "unsubscribe";
      default:
        return "ignored";
    }
  });
}
