import type { LeadImport } from "../../db/generated/client";
import { toIso } from "../../schemas/common";
import type { TLeadImport } from "../../schemas/lead";

export function toLeadImport(row: LeadImport): TLeadImport {
  return {
    id: row.id,
    source: "linkedin-search",
    status: row.status as TLeadImport["status"],
    searchUrl: row.searchUrl ?? "",
    linkedinAccountId: row.accountId ?? "",
    listId: row.listId,
    campaignId: row.campaignId,
    maxLeads: row.maxLeads,
    found: row.found,
    created: row.created,
    refreshed: row.refreshed,
    added: row.added,
    alreadyThere: row.alreadyThere,
    excluded: row.excluded,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: toIso(row.finishedAt),
  };
}
