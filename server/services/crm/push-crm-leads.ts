// Push, leads: the workspace's contacted leads (those with activity), in the order they last
// changed, become contacts in the CRM (matched by e-mail then LinkedIn URL, or created) and keep
// their mapped fields up to date there. One batch per call; the cursor is stored after it, so a
// retry resumes, and the links make a rerun create nothing twice.
import { db } from "../../db/client";
import type { CrmConnection, Prisma } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { CrmClient } from "../../providers/crm/types";
import { afterCursor, formatCrmCursor, parseCrmCursor, type CrmCursor } from "./crm-cursor";
import { ensureCrmRecord } from "./ensure-crm-record";
import { crmPropertiesOf } from "./lead-properties";
import { storedFieldMapping } from "./to-crm-connection";

export const LEADS_PER_BATCH = 50;

export interface PushLeadsResult {
  done: boolean;
  created: number;
  matched: number;
  updated: number;
}

export async function pushCrmLeads(connection: CrmConnection, client: CrmClient): Promise<PushLeadsResult> {
  const mapping = storedFieldMapping(connection);
  const leads = await db.lead.findMany({
    where: { workspaceId: connection.workspaceId, lastActivityAt: { not: null }, ...(afterCursor("updatedAt", parseCrmCursor(connection.leadCursor)) as Prisma.LeadWhereInput) },
    orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
    take: LEADS_PER_BATCH,
  });
  const links = new Map(
    (await db.crmRecordLink.findMany({ where: { connectionId: connection.id, leadId: { in: leads.map((lead) => lead.id) } } })).map((link) => [link.leadId, link]),
  );
  const result: PushLeadsResult = { done: leads.length < LEADS_PER_BATCH, created: 0, matched: 0, updated: 0 };
  let cursor: CrmCursor | null = null;
  try {
    for (const lead of leads) {
      const link = links.get(lead.id);
      if (link) {
        // Changed since it was last written: only the mapped fields go.
        if (lead.updatedAt > link.updatedAt) {
          const properties = crmPropertiesOf(lead, mapping);
          if (Object.keys(properties).length) await client.updateContact(link.crmId, properties);
          await db.crmRecordLink.update({ where: { id: link.id }, data: { updatedAt: now() } });
          result.updated++;
        }
      } else {
        const ensured = await ensureCrmRecord(connection.id, client, lead, mapping);
        if (ensured.outcome === "created") result.created++;
        else if (ensured.outcome === "matched") result.matched++;
      }
      cursor = { at: lead.updatedAt, id: lead.id };
    }
  } finally {
    if (cursor) await db.crmConnection.update({ where: { id: connection.id }, data: { leadCursor: formatCrmCursor(cursor) } });
  }
  return result;
}
