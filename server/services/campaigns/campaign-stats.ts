import { db, type DbClient } from "../../db/client";
import type { TCampaign } from "../../schemas/campaign";

type Stats = TCampaign["stats"];

const EMPTY: Stats = {
  total: 0,
  done: 0,
  failed: 0,
  pending: 0,
  running: 0,
  paused: 0,
  replied: 0,
  stopped: 0,
  invited: 0,
  accepted: 0,
  messaged: 0,
  emailSent: 0,
  emailOpened: 0,
  emailClicked: 0,
  emailReplied: 0,
  emailBounced: 0,
};

/** The funnel's counters of CampaignLeadCount, summed alike here and by the campaigns list. */
export const FUNNEL_COUNTERS = ["invited", "accepted", "messaged", "emailSent", "emailOpened", "emailClicked", "emailReplied", "emailBounced"] as const;

/**
 * Lead counts by status and the funnel (LinkedIn and e-mail) of several campaigns at once,
 * from the counters the database keeps beside the leads (CampaignLeadCount): a few rows per
 * campaign, however many leads it holds.
 */
export async function campaignStats(campaignIds: string[], client: DbClient = db): Promise<Map<string, Stats>> {
  const result = new Map<string, Stats>(campaignIds.map((id) => [id, { ...EMPTY }]));
  if (!campaignIds.length) return result;
  const rows = await client.campaignLeadCount.findMany({ where: { campaignId: { in: campaignIds } } });
  for (const row of rows) {
    const stats = result.get(row.campaignId)!;
    stats.total += row.leads;
    stats[row.status] += row.leads;
    for (const counter of FUNNEL_COUNTERS) stats[counter] += row[counter];
  }
  return result;
}
