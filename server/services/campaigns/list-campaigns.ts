import { db, Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TPaginationQuery } from "../../schemas/common";
import type { TCampaign, TCampaignListFilter } from "../../schemas/campaign";
import { campaignSettings, type CampaignSettings } from "./campaign-settings";
import { FUNNEL_COUNTERS } from "./campaign-stats";
import { campaignView } from "./to-campaign";

interface PageColumns {
  total: number;
  /** Null in the one row of a page past the last campaign (the total still comes). */
  id: string | null;
  name: string;
  status: string;
  aiInterestEnabled: boolean;
  linkedinAccountIds: string[];
  emailAccountIds: string[];
  excludeListIds: string[];
  listId: string | null;
  excludeOtherCampaigns: boolean;
  excludeOtherSenders: boolean;
  excludeSameSenderOtherCampaigns: boolean;
  sourceNotice: string | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  leadsInProgress: boolean;
  leads: number;
  done: number;
  failed: number;
  pending: number;
  running: number;
  paused: number;
  replied: number;
  stopped: number;
}

type FunnelCounter = (typeof FUNNEL_COUNTERS)[number];
type PageRow = PageColumns & Record<FunnelCounter, number>;

/**
 * The settings (the Json columns, parsed and validated) of the campaigns listed lately, by id and
 * the updatedAt they were read at. Every write of a Json column sets updatedAt in the same
 * statement (create, update, updateStep), so an entry whose updatedAt differs from the row's is
 * stale and is read again; the other columns (name, status, pools, finishedAt…) are read live on
 * every request, as are the stats. Bounded (a sequence is a few kilobytes, rarely tens): the
 * entries read longest ago go first, and a campaign pushed out is only read and parsed again.
 */
const settingsCache = new Map<string, { updatedAt: number; settings: CampaignSettings }>();
const SETTINGS_CACHE_SIZE = 2_000;

function remember(id: string, updatedAt: number, settings: CampaignSettings): void {
  settingsCache.delete(id);
  settingsCache.set(id, { updatedAt, settings });
  if (settingsCache.size > SETTINGS_CACHE_SIZE) settingsCache.delete(settingsCache.keys().next().value!);
}

/** `contains`, case-insensitive, with LIKE's wildcards taken literally. */
function likeContains(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The page's one statement (exported so that the tests can read it): the total in every row (and in
 * the one row of a page past the end), the page's campaigns with their live columns, their stats
 * summed from the counters (a few rows per campaign, however many leads) and whether some lead
 * has reached a step. The Json columns are not read here: they come from the cache.
 *
 * The journal probe is a subquery ordered by the (campaignId, stepId, …) index so that it is one
 * index lookup per campaign (EXISTS would drop the order): without it, when one campaign holds most
 * of the journal, the planner expects a match among the first rows of a sequential scan and reads
 * the whole journal for every campaign that has none (measured: 140 ms per page of 100 campaigns
 * beside a campaign of 33,000 entries).
 */
export function campaignsPageStatement(actor: Actor, paging: TPaginationQuery, filter?: Partial<TCampaignListFilter>): Prisma.Sql {
  const conditions = [Prisma.sql`c."workspaceId" = ${actor.workspaceId}`];
  if (filter) {
    conditions.push(filter.archived ? Prisma.sql`c."archivedAt" IS NOT NULL` : Prisma.sql`c."archivedAt" IS NULL`);
    if (filter.status) conditions.push(Prisma.sql`c.status = ${filter.status}`);
    if (filter.search) conditions.push(Prisma.sql`c.name ILIKE ${likeContains(filter.search)}`);
  }
  const where = Prisma.join(conditions, " AND ");
  const sum = (column: string, status?: string) =>
    status
      ? Prisma.raw(`coalesce(sum(n."${column}") FILTER (WHERE n.status = '${status}'), 0)::int AS "${status}"`)
      : Prisma.raw(`coalesce(sum(n."${column}"), 0)::int AS "${column}"`);
  return Prisma.sql`
    SELECT t.total, p.*
    FROM (SELECT count(*)::int AS total FROM "Campaign" c WHERE ${where}) t
    LEFT JOIN LATERAL (
      SELECT c.id, c.name, c.status, c."aiInterestEnabled", c."linkedinAccountIds", c."emailAccountIds", c."excludeListIds", c."listId",
        c."excludeOtherCampaigns", c."excludeOtherSenders", c."excludeSameSenderOtherCampaigns", c."sourceNotice", c."finishedAt", c."createdAt", c."updatedAt",
        coalesce((SELECT true FROM "CampaignLeadStep" j WHERE j."campaignId" = c.id ORDER BY j."stepId" LIMIT 1), false) AS "leadsInProgress", s.*
      FROM (
        SELECT c.id, c.name, c.status, c."aiInterestEnabled", c."linkedinAccountIds", c."emailAccountIds", c."excludeListIds", c."listId",
          c."excludeOtherCampaigns", c."excludeOtherSenders", c."excludeSameSenderOtherCampaigns", c."sourceNotice", c."finishedAt", c."createdAt", c."updatedAt"
        FROM "Campaign" c WHERE ${where}
        ORDER BY c."createdAt" DESC, c.id DESC LIMIT ${paging.limit} OFFSET ${paging.offset}
      ) c
      LEFT JOIN LATERAL (
        SELECT ${sum("leads")}, ${sum("leads", "done")}, ${sum("leads", "failed")}, ${sum("leads", "pending")}, ${sum("leads", "running")},
          ${sum("leads", "paused")}, ${sum("leads", "replied")}, ${sum("leads", "stopped")},
          ${Prisma.join(FUNNEL_COUNTERS.map((counter) => sum(counter)))}
        FROM "CampaignLeadCount" n WHERE n."campaignId" = c.id
      ) s ON true
    ) p ON true
    ORDER BY p."createdAt" DESC, p.id DESC`;
}

/**
 * A page of the workspace's campaigns, newest first. Without a filter (the REST API) every
 * campaign is listed; the dashboard's filter searches names, picks a status, and shows either the
 * archived campaigns or the others.
 *
 * One statement per page (a second one only for campaigns whose settings this process has not
 * read at their current updatedAt): reading each campaign's Json columns and parsing them with
 * their schemas on every request cost more than the rest of the list.
 */
export async function listCampaigns(
  actor: Actor,
  paging: TPaginationQuery,
  filter?: Partial<TCampaignListFilter>,
): Promise<{ campaigns: TCampaign[]; total: number }> {
  const rows = await db.$queryRaw<PageRow[]>(campaignsPageStatement(actor, paging, filter));
  const total = rows[0]?.total ?? 0;
  const page = rows.filter((row) => row.id !== null);
  const missing = page.filter((row) => settingsCache.get(row.id!)?.updatedAt !== row.updatedAt.getTime()).map((row) => row.id!);
  const read = new Map<string, CampaignSettings>();
  if (missing.length) {
    const stored = await db.campaign.findMany({
      where: { id: { in: missing } },
      select: { id: true, updatedAt: true, unsubscribe: true, tracking: true, approvals: true, experiments: true, verification: true, schedule: true, sequence: true },
    });
    for (const row of stored) {
      const settings = campaignSettings(row);
      read.set(row.id, settings);
      remember(row.id, row.updatedAt.getTime(), settings);
    }
  }
  const campaigns = page.flatMap((row): TCampaign[] => {
    // A campaign deleted between the two statements is left out.
    const settings = read.get(row.id!) ?? settingsCache.get(row.id!)?.settings;
    if (!settings) return [];
    const stats = {
      total: row.leads,
      done: row.done,
      failed: row.failed,
      pending: row.pending,
      running: row.running,
      paused: row.paused,
      replied: row.replied,
      stopped: row.stopped,
      ...Object.fromEntries(FUNNEL_COUNTERS.map((counter) => [counter, row[counter]])) as Record<FunnelCounter, number>,
    };
    return [campaignView({ ...row, id: row.id! }, settings, stats, row.leadsInProgress)];
  });
  return { campaigns, total };
}
