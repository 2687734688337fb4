// A sender's due leads for its turn, read in one round trip: each campaign lead with its lead and
// the campaign holding the same person, when its campaign's exclusions say one may (held-by.ts's
// question, asked of every candidate in the same statement instead of one query per lead) and the
// do-not-contact list's entry refusing the person, joined in the same way (listed-in-candidates.ts).
import { db, Prisma } from "../../../db/client";
import { modelRow, objectRows, textOrNull } from "../../../db/json-timestamps";
import type { DoNotContactMatch } from "../../../domain/do-not-contact/entries";
import type { Holder } from "../../../domain/sequence/decide-step";
import { listedJoin, matchOf, settleListed } from "../../do-not-contact/listed-in-candidates";
import type { LeadInCampaign } from "./perform-lead-step";

export type TurnCandidate = LeadInCampaign & { holder: Holder | null; listed: DoNotContactMatch | null };

/** Another campaign's hold on the candidate, from the statement's holder columns. */
function holderOf(campaignId: unknown, campaignName: unknown, senderName: unknown): Holder | null {
  const id = textOrNull(campaignId);
  return id ? { campaignId: id, campaignName: textOrNull(campaignName) ?? "", senderName: textOrNull(senderName) } : null;
}

/**
 * The first due ready leads of `senderId` in `campaignIds`, of the given step types, leaving out
 * `seen`, in the order they should act (the core's candidateOrder: follow-ups first, then due time,
 * then insertion order).
 */
export async function readTurnCandidates(input: {
  senderId: string;
  campaignIds: string[];
  stepTypes: string[];
  seen: string[];
  at: Date;
  take: number;
}): Promise<TurnCandidate[]> {
  const { senderId, campaignIds, stepTypes, seen, at, take } = input;
  if (!campaignIds.length || !stepTypes.length) return [];
  const rows = await db.$queryRaw`
    SELECT cl.*, to_jsonb(l) AS "__lead",
      h."campaignId" AS "__holderCampaignId", h.name AS "__holderCampaignName", h."senderName" AS "__holderSenderName",
      dnc."keyHashes" AS "__keyHashes", dnc.kind AS "__listedKind", dnc.value AS "__listedValue"
    FROM "CampaignLead" cl
    JOIN "Lead" l ON l.id = cl."leadId"
    JOIN "Campaign" c ON c.id = cl."campaignId"
    ${listedJoin("l", Prisma.sql`cl."workspaceId"`, "dnc")}
    LEFT JOIN LATERAL (
      -- exclusions.ts's holdsLead: the same person running in another campaign (of the same sender).
      SELECT o."campaignId", oc.name, COALESCE(NULLIF(oa.label, ''), oa."fullName") AS "senderName"
      FROM "CampaignLead" o
      JOIN "Campaign" oc ON oc.id = o."campaignId"
      LEFT JOIN "LinkedinAccount" oa ON oa.id = o."linkedinAccountId"
      WHERE (c."excludeOtherCampaigns" OR c."excludeSameSenderOtherCampaigns")
        AND o."leadId" = cl."leadId" AND o."campaignId" <> cl."campaignId" AND o.status = 'running'
        AND (c."excludeOtherCampaigns" OR o."linkedinAccountId" = cl."linkedinAccountId")
      ORDER BY o.seq
      LIMIT 1
    ) h ON true
    WHERE cl."linkedinAccountId" = ${senderId}
      AND cl."campaignId" = ANY(${campaignIds})
      AND cl.status IN ('pending', 'running')
      AND cl.phase = 'ready'
      AND cl."waitUntil" <= ${at}
      AND cl."currentStepType" = ANY(${stepTypes})
      ${seen.length ? Prisma.sql`AND cl.id <> ALL(${seen})` : Prisma.empty}
    -- turn-policy.ts candidateOrder: follow-ups first, then the longest due, then the first added.
    ORDER BY cl.contacted DESC, cl."waitUntil" ASC, cl.seq ASC
    LIMIT ${take}`;
  const candidates = objectRows(rows).map(({ __lead, __holderCampaignId, __holderCampaignName, __holderSenderName, __keyHashes, __listedKind, __listedValue, ...campaignLead }) => ({
    ...modelRow("CampaignLead", campaignLead),
    lead: modelRow("Lead", __lead),
    holder: holderOf(__holderCampaignId, __holderCampaignName, __holderSenderName),
    keyHashes: __keyHashes,
    match: matchOf(__listedKind, __listedValue),
  }));
  if (!candidates.length) return [];
  // A sender's campaigns are all of its workspace.
  const listed = await settleListed(candidates[0]!.workspaceId, candidates.map((candidate) => ({ person: candidate.lead, keyHashes: candidate.keyHashes, match: candidate.match })));
  return candidates.map(({ keyHashes: _keyHashes, match: _match, ...candidate }) => ({ ...candidate, listed: listed.get(candidate.lead.id) ?? null }));
}
