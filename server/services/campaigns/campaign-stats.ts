import { db, type DbClient } from "../../db/client";
import type { TCampaign } from "../../schemas/campaign";

type Stats = TCampaign["stats"];

const EMPTY: Stats = { total: 0, done: 0, failed: 0, pending: 0, running: 0, paused: 0, replied: 0, stopped: 0, invited: 0, accepted: 0, messaged: 0 };

/** Lead counts by status and the funnel (invited, accepted, messaged) of several campaigns at once. */
export async function campaignStats(campaignIds: string[], client: DbClient = db): Promise<Map<string, Stats>> {
  const result = new Map<string, Stats>(campaignIds.map((id) => [id, { ...EMPTY }]));
  if (!campaignIds.length) return result;
  const rows = await client.$queryRaw<
    Array<{ campaignId: string; status: string; count: number; invited: number; accepted: number; messaged: number }>
  >`
    SELECT "campaignId", status::text AS status, count(*)::int AS count,
      count("invitationSentAt")::int AS invited,
      count(*) FILTER (WHERE "invitationAccepted")::int AS accepted,
      count("messageSentAt")::int AS messaged
    FROM "CampaignLead" WHERE "campaignId" = ANY(${campaignIds}) GROUP BY "campaignId", status`;
  for (const row of rows) {
    const stats = result.get(row.campaignId)!;
    stats.total += row.count;
    stats[row.status as keyof Stats] += row.count;
    stats.invited += row.invited;
    stats.accepted += row.accepted;
    stats.messaged += row.messaged;
  }
  return result;
}
