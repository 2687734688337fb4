// The CRM record of a lead: the one linked before, else the contact found by e-mail then LinkedIn
// URL (matched, never duplicated, and its mapped fields updated), else a new one with the mapped
// fields. The link is stored at once, so a rerun or a retry finds it and creates nothing.
//
// A create whose answer is lost (a timeout, a dropped connection) leaves no link, and the CRM's
// search may not see the new record yet. So a pending marker is stored before creating and removed
// with the link: a retry that finds it looks again without the search index (findRecentContact,
// where the provider has one) before creating. docs/crm-sync.md gives the residual risk per CRM.
import { db } from "../../db/client";
import type { CrmRecordLink, Lead } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { CrmClient, CrmFieldMapping } from "../../providers/crm/types";
import { crmMatchOf, crmPropertiesOf } from "./lead-properties";

export interface EnsuredRecord {
  link: CrmRecordLink;
  outcome: "linked" | "matched" | "created";
}

export async function ensureCrmRecord(connectionId: string, client: CrmClient, lead: Lead, mapping: readonly CrmFieldMapping[]): Promise<EnsuredRecord> {
  const existing = await db.crmRecordLink.findUnique({ where: { connectionId_leadId: { connectionId, leadId: lead.id } } });
  if (existing) return { link: existing, outcome: "linked" };
  const properties = crmPropertiesOf(lead, mapping);
  const match = crmMatchOf(lead, mapping);
  const pending = await db.crmPendingCreate.findUnique({ where: { connectionId_leadId: { connectionId, leadId: lead.id } } });
  let found = await client.findContact(match);
  // A minute's margin: the CRM's clock and Herald's differ a little.
  if (!found && pending && client.findRecentContact) found = await client.findRecentContact(match, new Date(pending.startedAt.getTime() - 60_000));
  let outcome: EnsuredRecord["outcome"];
  let record;
  if (found) {
    record = found;
    outcome = "matched";
    if (Object.keys(properties).length) await client.updateContact(found.id, properties);
  } else {
    if (!pending) await db.crmPendingCreate.createMany({ data: [{ connectionId, leadId: lead.id, startedAt: now() }], skipDuplicates: true });
    record = await client.createContact(properties);
    outcome = "created";
  }
  const at = now();
  // Two leads of the workspace can be one CRM contact (the same address): each gets its own link to
  // it. skipDuplicates: a concurrent run may have linked this lead a moment ago; its link is read back.
  await db.crmRecordLink.createMany({
    data: [{ connectionId, leadId: lead.id, crmId: record.id, crmUrl: record.url, createdAt: at, updatedAt: at }],
    skipDuplicates: true,
  });
  await db.crmPendingCreate.deleteMany({ where: { connectionId, leadId: lead.id } });
  const link = await db.crmRecordLink.findUniqueOrThrow({ where: { connectionId_leadId: { connectionId, leadId: lead.id } } });
  return { link, outcome };
}
