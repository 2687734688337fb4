import type { DbClient } from "../../../db/client";
import type { SentEmailActivity } from "../../../domain/sequence/decide-email-activity";

/** The campaign lead's e-mails that left its mailbox (a bounced one too), with the opens and clicks Herald recorded. */
export async function emailActivityOf(client: DbClient, campaignLeadId: string): Promise<SentEmailActivity[]> {
  const rows = await client.emailMessage.findMany({
    where: { campaignLeadId, direction: "outbound", source: "campaign", status: { in: ["sent", "bounced"] }, sentAt: { not: null }, stepId: { not: null } },
    select: { stepId: true, sentAt: true, openedAt: true, clickedAt: true },
  });
  return rows.flatMap((row) =>
    row.stepId && row.sentAt ? [{ stepId: row.stepId, sentAt: row.sentAt.getTime(), openedAt: row.openedAt?.getTime() ?? null, clickedAt: row.clickedAt?.getTime() ?? null }] : [],
  );
}
