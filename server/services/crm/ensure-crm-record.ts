// The CRM record of a lead: the one linked before, else the contact found by e-mail then LinkedIn
// URL (matched, never duplicated, and its mapped fields updated), else a new one with the mapped
// fields. The link is stored at once, so a rerun or a retry finds it and creates nothing.
import { db } from "../../db/client";
import type { CrmRecordLink, Lead } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { CrmClient, CrmFieldMapping } from "../../providers/crm/types";
import { crmMatchOf, crmPropertiesOf } from "./lead-properties";

export interface EnsuredRecord {
  link: Pick<CrmRecordLink, "crmId" | "crmUrl" | "dealId"> & { id: string | null };
  outcome: "linked" | "matched" | "created";
}

export async function ensureCrmRecord(connectionId: string, client: CrmClient, lead: Lead, mapping: readonly CrmFieldMapping[]): Promise<EnsuredRecord> {
  const existing = await db.crmRecordLink.findUnique({ where: { connectionId_leadId: { connectionId, leadId: lead.id } } });
  if (existing) return { link: existing, outcome: "linked" };
  const properties = crmPropertiesOf(lead, mapping);
  const found = await client.findContact(crmMatchOf(lead, mapping));
  let outcome: EnsuredRecord["outcome"];
  let record;
  if (found) {
    record = found;
    outcome = "matched";
    if (Object.keys(properties).length) await client.updateContact(found.id, properties);
  } else {
    record = await client.createContact(properties);
    outcome = "created";
  }
  const at = now();
  // Two leads of the workspace can be one CRM contact (the same address): the first keeps the link;
  // the second's activities still go to that contact.
  const stored = await db.crmRecordLink.createMany({
    data: [{ connectionId, leadId: lead.id, crmId: record.id, crmUrl: record.url, createdAt: at, updatedAt: at }],
    skipDuplicates: true,
  });
  if (stored.count) {
    const link = await db.crmRecordLink.findUniqueOrThrow({ where: { connectionId_leadId: { connectionId, leadId: lead.id } } });
    return { link, outcome };
  }
  return { link: { id: null, crmId: record.id, crmUrl: record.url, dealId: null }, outcome };
}
