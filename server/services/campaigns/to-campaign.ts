import { db, type DbClient } from "../../db/client";
import type { Campaign } from "../../db/generated/client";
import { toIso } from "../../schemas/common";
import type { TCampaign } from "../../schemas/campaign";
import { campaignStats } from "./campaign-stats";
import { campaignSettings, type CampaignSettings } from "./campaign-settings";

/** Campaigns as the API shows them, with their stats and whether leads are in progress. */
export async function toCampaigns(rows: Campaign[], client: DbClient = db): Promise<TCampaign[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [stats, started] = await Promise.all([
    campaignStats(ids, client),
    client.$queryRaw<Array<{ campaignId: string }>>`
      SELECT c.id AS "campaignId" FROM unnest(${ids}::text[]) AS c(id)
      WHERE EXISTS (SELECT 1 FROM "CampaignLeadStep" j WHERE j."campaignId" = c.id)`,
  ]);
  const inProgress = new Set(started.map((row) => row.campaignId));
  return rows.map((row) => campaignView(row, campaignSettings(row), stats.get(row.id)!, inProgress.has(row.id)));
}

/** The columns of a campaign shown as they are stored (the rest come parsed, or counted). */
export type CampaignViewColumns = { status: string } & Pick<
  Campaign,
  | "id"
  | "name"
  | "aiInterestEnabled"
  | "linkedinAccountIds"
  | "emailAccountIds"
  | "excludeListIds"
  | "listId"
  | "excludeOtherCampaigns"
  | "excludeOtherSenders"
  | "excludeSameSenderOtherCampaigns"
  | "sourceNotice"
  | "finishedAt"
  | "createdAt"
  | "updatedAt"
>;

/** A campaign as the API shows it, from its columns, its parsed settings, its counters and whether leads are in progress. */
export function campaignView(row: CampaignViewColumns, settings: CampaignSettings, stats: TCampaign["stats"], leadsInProgress: boolean): TCampaign {
  return {
    id: row.id,
    name: row.name,
    status: row.status as TCampaign["status"],
    stats,
    aiInterestEnabled: row.aiInterestEnabled,
    unsubscribe: settings.unsubscribe,
    sourceNotice: row.sourceNotice,
    tracking: settings.tracking,
    approvals: settings.approvals,
    experiments: settings.experiments,
    verification: settings.verification,
    linkedinAccountIds: row.linkedinAccountIds,
    emailAccountIds: row.emailAccountIds,
    excludeListIds: row.excludeListIds,
    listId: row.listId,
    excludeOtherCampaigns: row.excludeOtherCampaigns,
    excludeOtherSenders: row.excludeOtherSenders,
    excludeSameSenderOtherCampaigns: row.excludeSameSenderOtherCampaigns,
    schedule: settings.schedule,
    sequence: settings.sequence,
    leadsInProgress,
    finishedAt: toIso(row.finishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function toCampaign(row: Campaign, client: DbClient = db): Promise<TCampaign> {
  return (await toCampaigns([row], client))[0]!;
}
