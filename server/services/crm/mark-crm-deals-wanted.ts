// Interest set by hand (set-campaign-lead-interest.ts), or by a classification that sends no reply
// event the activity push sees, owes a deal too: campaign leads whose interest is "interested" and
// that changed since the connection's interest cursor get a CRM record and a link owing a deal
// (the deal pass makes it). Read in (updatedAt, id) order, older than the read lag.
import { db } from "../../db/client";
import type { CrmConnection, Prisma } from "../../db/generated/client";
import type { CrmClient } from "../../providers/crm/types";
import { leadName } from "../leads/lead-name";
import { POSITIVE_INTEREST } from "./crm-activity-of";
import { afterCursor, formatCrmCursor, parseCrmCursor, type CrmCursor } from "./crm-cursor";
import { itemCrmFailure, recordCrmItemFailure } from "./crm-item-failure";
import { crmReadHorizon } from "./crm-lag";
import { ensureCrmRecord } from "./ensure-crm-record";
import { storedFieldMapping } from "./to-crm-connection";

export const INTERESTED_PER_PASS = 50;

export async function markCrmDealsWanted(connection: CrmConnection, client: CrmClient): Promise<{ marked: number; done: boolean }> {
  if (!connection.createDeals) return { marked: 0, done: true };
  const rows = await db.campaignLead.findMany({
    where: {
      workspaceId: connection.workspaceId,
      interest: POSITIVE_INTEREST,
      updatedAt: { lte: crmReadHorizon() },
      ...(afterCursor("updatedAt", parseCrmCursor(connection.interestCursor)) as Prisma.CampaignLeadWhereInput),
    },
    orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
    take: INTERESTED_PER_PASS,
    select: { id: true, updatedAt: true, lead: true },
  });
  const mapping = storedFieldMapping(connection);
  let marked = 0;
  let cursor: CrmCursor | null = null;
  try {
    for (const row of rows) {
      try {
        const record = await ensureCrmRecord(connection.id, client, row.lead, mapping);
        if (record.link.id && !record.link.dealId) {
          await db.crmRecordLink.update({ where: { id: record.link.id }, data: { dealWanted: true } });
          marked++;
        }
      } catch (error) {
        const failure = itemCrmFailure(error);
        if (!failure) throw error;
        await recordCrmItemFailure({ connectionId: connection.id, provider: connection.provider, leadName: leadName(row.lead), what: "the contact", error: failure });
      }
      cursor = { at: row.updatedAt, id: row.id };
    }
  } finally {
    if (cursor) await db.crmConnection.update({ where: { id: connection.id }, data: { interestCursor: formatCrmCursor(cursor) } });
  }
  return { marked, done: rows.length < INTERESTED_PER_PASS };
}
