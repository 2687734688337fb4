// The connected CRM's panel saves here: the field mapping, the exclusion rules, deals on positive
// replies (pipeline and stage), and whether to push and pull. Only what is given changes.
import { db, type Prisma } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { parseInput } from "../../lib/zod-issues";
import { ZUpdateCrmSettingsInput, type TCrmConnection, type TUpdateCrmSettingsInput } from "../../schemas/crm";
import { findCrmConnection } from "./find-crm-connection";
import { storedExclusionRules, toCrmConnection } from "./to-crm-connection";

export async function updateCrmSettings(actor: Actor, id: string, input: TUpdateCrmSettingsInput): Promise<TCrmConnection> {
  requireRole(actor, "admin", "change a CRM's settings");
  const changes = parseInput(ZUpdateCrmSettingsInput, input);
  const row = await findCrmConnection(actor, id);
  const data: Prisma.CrmConnectionUpdateInput = { updatedAt: now() };
  if (changes.fieldMapping) data.fieldMapping = changes.fieldMapping;
  if (changes.exclusionRules) {
    data.exclusionRules = changes.exclusionRules;
    // New rules exclude other people: the next pull reads them all, not only recent changes.
    const before = storedExclusionRules(row);
    if (JSON.stringify(before) !== JSON.stringify(changes.exclusionRules)) {
      data.exclusionsSince = null;
      data.exclusionsCursor = null;
    }
  }
  if (changes.deals) {
    data.createDeals = changes.deals.createDeals;
    data.dealPipelineId = changes.deals.pipelineId;
    data.dealPipelineName = changes.deals.pipelineName;
    data.dealStageId = changes.deals.stageId;
    data.dealStageName = changes.deals.stageName;
  }
  if (changes.pushEnabled !== undefined) data.pushEnabled = changes.pushEnabled;
  if (changes.pullEnabled !== undefined) data.pullEnabled = changes.pullEnabled;
  const updated = await db.crmConnection.update({ where: { id: row.id }, data });
  return toCrmConnection(updated);
}
