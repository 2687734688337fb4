// Push, leads: the workspace's contacted leads (those with activity), in the order they last
// changed (the later of an edit and their last activity), become contacts in the CRM (matched by
// e-mail then LinkedIn URL, or created) and keep their mapped fields up to date there; a lead whose
// mapped values did not change is not sent again. One batch per call; the cursor is stored after
// it, so a retry resumes, and the links make a rerun create nothing twice. Only leads older than
// the read lag are taken (crm-lag.ts). A lead the CRM refuses is written down and passed; a linked
// record deleted in the CRM is found or created again.
import { db } from "../../db/client";
import { Prisma, type CrmConnection, type CrmRecordLink, type Lead } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import type { CrmClient, CrmFieldMapping } from "../../providers/crm/types";
import { leadName } from "../leads/lead-name";
import { itemCrmFailure, recordCrmItemFailure } from "./crm-item-failure";
import { formatCrmCursor, parseCrmCursor, type CrmCursor } from "./crm-cursor";
import { crmReadHorizon } from "./crm-lag";
import { ensureCrmRecord } from "./ensure-crm-record";
import { crmPropertiesOf } from "./lead-properties";
import { storedFieldMapping } from "./to-crm-connection";

export const LEADS_PER_BATCH = 50;

export interface PushLeadsResult {
  done: boolean;
  created: number;
  matched: number;
  updated: number;
  failed: number;
}

/** The hash of the values a lead writes to the CRM: the same values are not written twice. */
export function crmValuesHash(properties: Record<string, unknown>): string {
  return sha256Hex(JSON.stringify(Object.entries(properties).sort(([a], [b]) => a.localeCompare(b))));
}

/** The next leads after the cursor by (GREATEST(updatedAt, lastActivityAt), id), older than the lag. */
async function nextLeads(connection: CrmConnection, cursor: CrmCursor | null): Promise<{ id: string; changedAt: Date }[]> {
  const changed = Prisma.sql`GREATEST("updatedAt", "lastActivityAt")`;
  const after = cursor ? Prisma.sql`AND (${changed}, id) > (${cursor.at}, ${cursor.id})` : Prisma.empty;
  return db.$queryRaw<{ id: string; changedAt: Date }[]>`
    SELECT id, ${changed} AS "changedAt" FROM "Lead"
    WHERE "workspaceId" = ${connection.workspaceId} AND "lastActivityAt" IS NOT NULL AND ${changed} <= ${crmReadHorizon()} ${after}
    ORDER BY 2, 1 LIMIT ${LEADS_PER_BATCH}`;
}

async function pushLead(connection: CrmConnection, client: CrmClient, lead: Lead, link: CrmRecordLink | undefined, mapping: readonly CrmFieldMapping[], result: PushLeadsResult) {
  const properties = crmPropertiesOf(lead, mapping);
  const valuesHash = crmValuesHash(properties);
  if (link) {
    if (link.valuesHash === valuesHash) return;
    try {
      if (Object.keys(properties).length) await client.updateContact(link.crmId, properties);
      await db.crmRecordLink.update({ where: { id: link.id }, data: { valuesHash, lastError: null, updatedAt: now() } });
      result.updated++;
      return;
    } catch (error) {
      // Deleted in the CRM: forget the link and find or create the record again.
      if (itemCrmFailure(error)?.kind !== "not-found") throw error;
      await db.crmRecordLink.deleteMany({ where: { id: link.id } });
    }
  }
  const ensured = await ensureCrmRecord(connection.id, client, lead, mapping);
  // Found already linked (another run got there first): its values were not written by this one.
  if (ensured.link.id && ensured.outcome !== "linked") await db.crmRecordLink.update({ where: { id: ensured.link.id }, data: { valuesHash, lastError: null } });
  if (ensured.outcome === "created") result.created++;
  else if (ensured.outcome === "matched") result.matched++;
}

export async function pushCrmLeads(connection: CrmConnection, client: CrmClient): Promise<PushLeadsResult> {
  const mapping = storedFieldMapping(connection);
  const picked = await nextLeads(connection, parseCrmCursor(connection.leadCursor));
  const byId = new Map((await db.lead.findMany({ where: { id: { in: picked.map((row) => row.id) } } })).map((lead) => [lead.id, lead]));
  const links = new Map(
    (await db.crmRecordLink.findMany({ where: { connectionId: connection.id, leadId: { in: picked.map((row) => row.id) } } })).map((link) => [link.leadId, link]),
  );
  const result: PushLeadsResult = { done: picked.length < LEADS_PER_BATCH, created: 0, matched: 0, updated: 0, failed: 0 };
  let cursor: CrmCursor | null = null;
  try {
    for (const row of picked) {
      const lead = byId.get(row.id);
      if (lead) {
        const link = links.get(lead.id);
        try {
          await pushLead(connection, client, lead, link, mapping, result);
        } catch (error) {
          // One refused lead is written down and passed; a slow-down, an outage or a revoked token stops the batch.
          const failure = itemCrmFailure(error);
          if (!failure) throw error;
          result.failed++;
          const current = await db.crmRecordLink.findUnique({ where: { connectionId_leadId: { connectionId: connection.id, leadId: lead.id } }, select: { id: true } });
          await recordCrmItemFailure({ connectionId: connection.id, provider: connection.provider, leadName: leadName(lead), what: "the contact", error: failure, linkId: current?.id });
        }
      }
      cursor = { at: row.changedAt, id: row.id };
    }
  } finally {
    if (cursor) await db.crmConnection.update({ where: { id: connection.id }, data: { leadCursor: formatCrmCursor(cursor) } });
  }
  return result;
}
