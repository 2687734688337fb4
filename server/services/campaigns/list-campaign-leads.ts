import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TCampaignLead, TListCampaignLeadsQuery } from "../../schemas/campaign";
import { campaignStats } from "./campaign-stats";
import { findCampaign } from "./find-campaign";
import { toCampaignLeads } from "./to-campaign-lead";

const CURSOR_PREFIX = "seq:";
const MAX_SEQ = 2n ** 63n - 1n;

/** A cursor names the position (seq) of the last lead of a page; opaque to callers. */
export function encodeLeadCursor(seq: bigint): string {
  return Buffer.from(`${CURSOR_PREFIX}${seq}`).toString("base64url");
}

export function decodeLeadCursor(cursor: string): bigint {
  const text = Buffer.from(cursor, "base64url").toString();
  const digits = text.slice(CURSOR_PREFIX.length);
  // A seq is a PostgreSQL bigint: anything larger would fail in the database, not here.
  if (!text.startsWith(CURSOR_PREFIX) || !/^\d{1,19}$/.test(digits) || BigInt(digits) > MAX_SEQ) {
    throw HeraldError.invalidInput("The cursor is not one this list gave out.", [{ field: "cursor", message: "must be the nextCursor of a page of this list" }]);
  }
  return BigInt(digits);
}

/**
 * A campaign's leads with their progress, oldest first (insertion order, seq), optionally of one
 * status. Both orders have their index ((campaignId, seq) and (campaignId, status, seq)), so a page
 * reads its own rows; `cursor` continues after the previous page's last lead at any depth, where a
 * deep `offset` must step over every lead before it. The total comes from the campaign's counters.
 */
export async function listCampaignLeads(
  actor: Actor,
  campaignId: string,
  query: TListCampaignLeadsQuery,
): Promise<{ leads: TCampaignLead[]; total: number; nextCursor: string | null }> {
  if (query.cursor && query.offset) {
    throw HeraldError.invalidInput("Page by cursor or by offset, not both.", [{ field: "offset", message: "cannot be combined with cursor" }]);
  }
  const after = query.cursor ? decodeLeadCursor(query.cursor) : null;
  await findCampaign(actor, campaignId);
  const [rows, stats] = await Promise.all([
    db.campaignLead.findMany({
      where: { campaignId, ...(query.status ? { status: query.status } : {}), ...(after !== null ? { seq: { gt: after } } : {}) },
      include: { lead: true },
      orderBy: { seq: "asc" },
      take: query.limit + 1,
      skip: after !== null ? 0 : query.offset,
    }),
    campaignStats([campaignId]),
  ]);
  const page = rows.slice(0, query.limit);
  const counts = stats.get(campaignId)!;
  return {
    leads: await toCampaignLeads(page),
    total: query.status ? counts[query.status] : counts.total,
    nextCursor: rows.length > query.limit ? encodeLeadCursor(page.at(-1)!.seq) : null,
  };
}
