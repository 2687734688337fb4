import type { CrmConnection } from "../../db/generated/client";
import { CRM_LABELS } from "../../providers/crm/crm-settings";
import type { CrmProviderName } from "../../providers/crm/types";
import { ZCrmExclusionRules, ZCrmFieldMapping, type TCrmConnection, type TCrmExclusionRules, type TCrmFieldMapping } from "../../schemas/crm";

const STATUS_WORDS: Record<TCrmConnection["status"], string> = {
  connected: "Connected",
  revoked: "Disconnected — reconnect",
  error: "Connected — the last sync failed",
  disconnected: "Disconnected",
};

export function storedFieldMapping(row: Pick<CrmConnection, "fieldMapping">): TCrmFieldMapping[] {
  const parsed = ZCrmFieldMapping.array().safeParse(row.fieldMapping);
  return parsed.success ? parsed.data : [];
}

export function storedExclusionRules(row: Pick<CrmConnection, "exclusionRules">): TCrmExclusionRules {
  const parsed = ZCrmExclusionRules.safeParse(row.exclusionRules);
  return parsed.success ? parsed.data : { customers: false, owned: false, listIds: [] };
}

export function toCrmConnection(row: CrmConnection): TCrmConnection {
  const status = row.status as TCrmConnection["status"];
  return {
    id: row.id,
    provider: row.provider as CrmProviderName,
    label: CRM_LABELS[row.provider as CrmProviderName],
    status,
    statusText: STATUS_WORDS[status] ?? row.status,
    account: { id: row.accountId, name: row.accountName },
    scopes: row.scopes,
    fieldMapping: storedFieldMapping(row),
    exclusionRules: storedExclusionRules(row),
    deals: { createDeals: row.createDeals, pipelineId: row.dealPipelineId, pipelineName: row.dealPipelineName, stageId: row.dealStageId, stageName: row.dealStageName },
    pushEnabled: row.pushEnabled,
    pullEnabled: row.pullEnabled,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastError: row.lastError,
    connectedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
