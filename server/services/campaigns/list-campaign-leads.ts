import { db, Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TCampaignLead, TListCampaignLeadsQuery } from "../../schemas/campaign";
import { campaignLeadView, type CampaignLeadViewRow } from "./to-campaign-lead";

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

interface PageRow extends CampaignLeadViewRow {
  /** The campaign is the actor's: false (and no lead) otherwise. */
  found: boolean;
  /** Leads of the campaign (of the status), from its counters. */
  total: number;
  seq: bigint | null;
  leadFirstName: string | null;
  leadLastName: string | null;
  leadHeadline: string | null;
  leadCompany: string | null;
  leadPicture: string | null;
  leadProfileUrl: string | null;
  leadPublicIdentifier: string | null;
  leadEmail: string | null;
  leadEmailOptOut: boolean;
  leadEmailOptOutAt: Date | null;
  leadOpenProfile: boolean;
  leadCustomVariables: Prisma.JsonValue;
  variantIds: Record<string, string> | null;
}

/**
 * The verification filter on a campaign lead row (`alias`): its lead's address has a stored
 * verification of that status as the campaign reads it (free webmail is valid unless the campaign
 * targets companies), or, for "not-checked", an address and none. One EXISTS per row, on
 * AddressVerification's key (workspace, lower-cased address).
 */
function ofVerification(campaignId: string, alias: string, filter: TListCampaignLeadsQuery["verification"]): Prisma.Sql {
  if (!filter) return Prisma.empty;
  const lead = Prisma.raw(`${alias}."leadId"`);
  if (filter === "not-checked") {
    return Prisma.sql`AND EXISTS (SELECT 1 FROM "Lead" vl WHERE vl.id = ${lead} AND vl.email IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "AddressVerification" av WHERE av."workspaceId" = vl."workspaceId" AND av.address = lower(btrim(vl.email))))`;
  }
  return Prisma.sql`AND EXISTS (SELECT 1 FROM "Lead" vl
      JOIN "AddressVerification" av ON av."workspaceId" = vl."workspaceId" AND av.address = lower(btrim(vl.email))
      WHERE vl.id = ${lead}
        AND (CASE WHEN av."check" = 'free-webmail'
              AND NOT coalesce((SELECT (vc.verification->>'targetsCompanies')::boolean FROM "Campaign" vc WHERE vc.id = ${campaignId}), true)
            THEN 'valid' ELSE av.status END) = ${filter})`;
}

/**
 * The page's one statement (exported so that the tests can read its plan): the campaign's
 * ownership and total in a first row's columns, then the page's leads (limit + 1, to know whether
 * another page follows) joined with their lead and their journal's variants.
 */
export function campaignLeadsPageStatement(actor: Actor, campaignId: string, query: TListCampaignLeadsQuery): Prisma.Sql {
  const after = query.cursor ? decodeLeadCursor(query.cursor) : null;
  const ofStatus = (alias: string) =>
    Prisma.sql`${query.status ? Prisma.sql`AND ${Prisma.raw(alias)}.status = ${query.status}::"CampaignLeadStatus"` : Prisma.empty} ${ofVerification(campaignId, alias, query.verification)}`;
  const start =
    after !== null
      ? Prisma.sql`AND cl.seq > ${after}`
      : query.offset > 0
        ? Prisma.sql`AND cl.seq >= (
            SELECT s.seq FROM "CampaignLead" s
            WHERE s."campaignId" = ${campaignId} ${ofStatus("s")}
            ORDER BY s.seq OFFSET ${query.offset} LIMIT 1)`
        : Prisma.empty;
  return Prisma.sql`
    SELECT c.found, c.total, p.*
    FROM (
      SELECT EXISTS (SELECT 1 FROM "Campaign" WHERE id = ${campaignId} AND "workspaceId" = ${actor.workspaceId}) AS found,
        ${
          query.verification
            ? Prisma.sql`(SELECT count(*)::int FROM "CampaignLead" n WHERE n."campaignId" = ${campaignId} ${ofStatus("n")}) AS total`
            : Prisma.sql`(SELECT coalesce(sum(n.leads), 0)::int FROM "CampaignLeadCount" n
         WHERE n."campaignId" = ${campaignId} ${ofStatus("n")}) AS total`
        }
    ) c
    LEFT JOIN LATERAL (
      SELECT cl.seq, cl.id, cl."campaignId", cl."leadId", cl."linkedinAccountId", cl."emailAccountId", cl.status::text AS status,
        cl."customVariables", cl.interest, cl."interestBy", cl.outcome, cl."currentStepId", cl."waitUntil", cl."heldBy",
        cl."invitationSentAt", cl."invitationAccepted", cl."invitationAcceptedAt", cl."invitationWithdrawnAt", cl."messageSentAt",
        cl."lastReplyAt", cl."emailOpenedAt", cl."emailClickedAt", cl."finishedAt", cl."createdAt", cl.error,
        l."firstName" AS "leadFirstName", l."lastName" AS "leadLastName", l.headline AS "leadHeadline", l.company AS "leadCompany",
        l.picture AS "leadPicture", l."profileUrl" AS "leadProfileUrl", l."publicIdentifier" AS "leadPublicIdentifier",
        l.email AS "leadEmail", l."emailOptOut" AS "leadEmailOptOut", l."emailOptOutAt" AS "leadEmailOptOutAt",
        l."openProfile" AS "leadOpenProfile", l."customVariables" AS "leadCustomVariables",
        (SELECT json_object_agg(j."stepId", j."variantId") FROM "CampaignLeadStep" j
         WHERE j."campaignLeadId" = cl.id AND j."variantId" IS NOT NULL) AS "variantIds"
      FROM (
        SELECT * FROM "CampaignLead" cl
        WHERE c.found AND cl."campaignId" = ${campaignId} ${ofStatus("cl")} ${start}
        ORDER BY cl.seq LIMIT ${query.limit + 1}
      ) cl
      JOIN "Lead" l ON l.id = cl."leadId"
    ) p ON true
    ORDER BY p.seq`;
}

/**
 * A campaign's leads with their progress, oldest first (insertion order, seq), optionally of one
 * status. Both orders have their index ((campaignId, seq) and (campaignId, status, seq)), so a page
 * reads its own rows; `cursor` continues after the previous page's last lead at any depth. A deep
 * `offset` still counts the leads before it, but in the index alone (an index-only scan for the seq
 * the page starts at), never reading their rows. The total comes from the campaign's counters.
 *
 * One statement per page, whatever its depth: the campaign's ownership, the total, the page with
 * its leads' columns and each lead's variants from the journal. The page is the API's hot read
 * (the dashboard's table, clients paging through a campaign), and the separate Prisma queries it
 * used to take (campaign, page, leads, journal, counters) cost more than the rows themselves.
 */
export async function listCampaignLeads(
  actor: Actor,
  campaignId: string,
  query: TListCampaignLeadsQuery,
): Promise<{ leads: TCampaignLead[]; total: number; nextCursor: string | null }> {
  if (query.cursor && query.offset) {
    throw HeraldError.invalidInput("Page by cursor or by offset, not both.", [{ field: "offset", message: "cannot be combined with cursor" }]);
  }
  const rows = await db.$queryRaw<PageRow[]>(campaignLeadsPageStatement(actor, campaignId, query));
  const head = rows[0];
  if (!head?.found) throw HeraldError.notFound("Campaign");
  const found = head.seq === null ? [] : rows;
  const page = found.slice(0, query.limit);
  return {
    leads: page.map((row) =>
      campaignLeadView(
        row,
        {
          firstName: row.leadFirstName,
          lastName: row.leadLastName,
          headline: row.leadHeadline,
          company: row.leadCompany,
          picture: row.leadPicture,
          profileUrl: row.leadProfileUrl,
          publicIdentifier: row.leadPublicIdentifier,
          email: row.leadEmail,
          emailOptOut: row.leadEmailOptOut,
          emailOptOutAt: row.leadEmailOptOutAt,
          openProfile: row.leadOpenProfile,
          customVariables: row.leadCustomVariables,
        },
        row.variantIds ?? {},
      ),
    ),
    total: head.total,
    nextCursor: found.length > query.limit ? encodeLeadCursor(page.at(-1)!.seq!) : null,
  };
}
