// What bounces and complaints share: what they lock before changing anything (the e-mail they report
// on, so that two reports about one e-mail take turns, and the campaign lead it went to), and the
// email.bounced event they fire.
import type { Prisma } from "../../../db/client";
import type { EmailMessage } from "../../../db/generated/client";
import type { Emit } from "../../events/with-outbox";
import { lockCampaignLead } from "../../campaigns/executor/settle-campaign-lead";
import { STOPPABLE } from "../../campaigns/unsubscribe-address";

/** The outbound e-mail, locked for the transaction; null when Herald has no such e-mail. */
export async function lockReportedEmail(tx: Prisma.TransactionClient, id: string | null): Promise<EmailMessage | null> {
  if (!id) return null;
  const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM "EmailMessage" WHERE id = ${id} AND direction = 'outbound' FOR UPDATE`;
  return rows[0] ? tx.emailMessage.findUnique({ where: { id } }) : null;
}

/** Locks the campaign lead and says whether it is still going (pending, running or paused). */
export async function lockActiveCampaignLead(tx: Prisma.TransactionClient, campaignLeadId: string | null): Promise<boolean> {
  const status = campaignLeadId ? await lockCampaignLead(tx, campaignLeadId) : null;
  return status !== null && (STOPPABLE as readonly string[]).includes(status);
}

/** email.bounced about an e-mail: a bounce (`kind: bounce`) or a spam complaint (`kind: complaint`). */
export async function emitEmailBounced(
  emit: Emit,
  email: EmailMessage,
  report: { kind: "bounce" | "complaint"; bounce: { action: string; status: string | null; message: string }; deadAddress: boolean; leadFailed: boolean; at: Date },
): Promise<void> {
  await emit({
    workspaceId: email.workspaceId,
    event: "email.bounced",
    data: {
      accountId: email.mailboxId,
      campaignLeadId: email.campaignLeadId,
      campaignId: email.campaignId,
      leadId: email.leadId,
      kind: report.kind,
      email: { messageId: email.messageId, recipient: email.toAddress.trim().toLowerCase() },
      bounce: report.bounce,
      deadAddress: report.deadAddress,
      leadFailed: report.leadFailed,
      at: report.at.toISOString(),
    },
  });
}
