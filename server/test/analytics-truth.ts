// Test support for the analytics: what they should say, counted afresh from the raw records of what
// happened (the sender actions, the e-mails and the LinkedIn messages), never from the rollup
// (CampaignDailyOutcome) nor from the lead's analytics columns (contactedAt, repliedAt, complainedAt,
// unsubscribedAt); and the rollup beside a fresh GROUP BY of those columns.
import { db } from "../db/client";
import { COUNT_KEYS, emptyCounts, type Counts } from "../domain/analytics/metrics";

/** One campaign lead as the raw records tell it: when it was first contacted, and what it did since. */
export interface LeadTruth extends Record<Exclude<keyof Counts, "contacted">, boolean> {
  id: string;
  campaignId: string;
  sender: string;
  mailbox: string;
  day: string;
}

/**
 * Contact: a connection request, message, InMail or voice note that reached LinkedIn (its sender
 * action has a sentAt and did not fail), or a campaign e-mail that left. Replied: an inbound e-mail
 * of kind `reply` matched to the campaign lead, or a LinkedIn message from the lead in a chat with
 * the campaign lead's sender after its first contact. Bounced and complained: a campaign e-mail of the
 * lead with a bounce or a complaint. Unsubscribed: email.unsubscribed naming the campaign lead.
 * Interested: the lead's interest (a person's or the AI's) is `interested` and it replied.
 */
export async function leadTruths(workspaceId: string): Promise<LeadTruth[]> {
  return db.$queryRaw<LeadTruth[]>`
    WITH sent_action AS (
      SELECT "campaignLeadId" AS id, type, status, "sentAt" AS at FROM "SenderAction"
       WHERE "workspaceId" = ${workspaceId} AND source = 'campaign' AND "campaignLeadId" IS NOT NULL
         AND type IN ('invitation', 'message', 'inmail', 'voice_note') AND "sentAt" IS NOT NULL AND status NOT IN ('failed', 'sending')
    ), sent_email AS (
      SELECT "campaignLeadId" AS id, "sentAt" AS at, "bouncedAt", "complainedAt" FROM "EmailMessage"
       WHERE "workspaceId" = ${workspaceId} AND direction = 'outbound' AND source = 'campaign' AND "campaignLeadId" IS NOT NULL AND "sentAt" IS NOT NULL
    ), first_contact AS (
      SELECT id, min(at) AS at FROM (SELECT id, at FROM sent_action UNION ALL SELECT id, at FROM sent_email) AS contact GROUP BY id
    ), lead AS (
      SELECT cl.id, cl."campaignId", cl."leadId", cl."linkedinAccountId", cl."emailAccountId", cl.interest, f.at AS contacted_at,
        EXISTS (SELECT 1 FROM "EmailMessage" e WHERE e."campaignLeadId" = cl.id AND e.direction = 'inbound' AND e.kind = 'reply')
          OR EXISTS (SELECT 1 FROM "LinkedinMessage" m WHERE m."leadId" = cl."leadId" AND m."accountId" = cl."linkedinAccountId"
                       AND m.direction = 'inbound' AND m.at >= f.at) AS replied
      FROM "CampaignLead" cl JOIN first_contact f ON f.id = cl.id
      WHERE cl."workspaceId" = ${workspaceId}
    )
    SELECT l.id, l."campaignId", coalesce(l."linkedinAccountId", '') AS sender, coalesce(l."emailAccountId", '') AS mailbox,
      to_char(l.contacted_at, 'YYYY-MM-DD') AS day,
      EXISTS (SELECT 1 FROM sent_action a WHERE a.id = l.id AND a.type = 'invitation') AS invited,
      EXISTS (SELECT 1 FROM sent_action a WHERE a.id = l.id AND a.type = 'invitation' AND a.status = 'accepted') AS accepted,
      EXISTS (SELECT 1 FROM sent_action a WHERE a.id = l.id AND a.type <> 'invitation') AS messaged,
      EXISTS (SELECT 1 FROM sent_email e WHERE e.id = l.id) AS emailed,
      l.replied,
      l.replied AND coalesce(l.interest = 'interested', false) AS positive,
      EXISTS (SELECT 1 FROM "CampaignLead" o WHERE o.id = l.id AND o.outcome IS NOT NULL) AS outcomes,
      EXISTS (SELECT 1 FROM sent_email e WHERE e.id = l.id AND e."bouncedAt" IS NOT NULL) AS bounced,
      EXISTS (SELECT 1 FROM sent_email e WHERE e.id = l.id AND e."complainedAt" IS NOT NULL) AS complained,
      EXISTS (SELECT 1 FROM "OutboxEvent" o WHERE o."workspaceId" = ${workspaceId} AND o.event = 'email.unsubscribed'
                AND o.data->>'campaignLeadId' = l.id) AS unsubscribed
    FROM lead l`;
}

/** The truths' figures summed, by a key of each lead (one group when the key is constant). */
export function countTruths(truths: LeadTruth[], keyOf: (truth: LeadTruth) => string = () => "all"): Map<string, Counts> {
  const groups = new Map<string, Counts>();
  for (const truth of truths) {
    const key = keyOf(truth);
    const counts = groups.get(key) ?? groups.set(key, emptyCounts()).get(key)!;
    counts.contacted += 1;
    for (const countKey of COUNT_KEYS) if (countKey !== "contacted" && truth[countKey]) counts[countKey] += 1;
  }
  return groups;
}

type RollupRow = Counts & { campaignId: string; day: string; sender: string; mailbox: string };

/** The rollup's rows (all zero left out) and a fresh GROUP BY of the leads' columns, in one order. */
export async function rollupAndRecount(): Promise<{ rollup: RollupRow[]; recount: RollupRow[] }> {
  const sums = COUNT_KEYS.map((key) => `"${key}"`).join(", ");
  const rollup = await db.$queryRawUnsafe<RollupRow[]>(
    `SELECT "campaignId", to_char(day, 'YYYY-MM-DD') AS day, "linkedinAccountId" AS sender, "emailAccountId" AS mailbox, ${sums}
       FROM "CampaignDailyOutcome" WHERE ${COUNT_KEYS.map((key) => `"${key}" <> 0`).join(" OR ")} ORDER BY 1, 2, 3, 4`,
  );
  const recount = await db.$queryRaw<RollupRow[]>`
    SELECT "campaignId", to_char("contactedAt", 'YYYY-MM-DD') AS day, coalesce("linkedinAccountId", '') AS sender,
      coalesce("emailAccountId", '') AS mailbox, count(*)::int AS contacted, count("invitationSentAt")::int AS invited,
      count(*) FILTER (WHERE "invitationAccepted")::int AS accepted, count("messageSentAt")::int AS messaged,
      count("emailSentAt")::int AS emailed, count("repliedAt")::int AS replied,
      count(*) FILTER (WHERE interest = 'interested' AND "repliedAt" IS NOT NULL)::int AS positive, count(outcome)::int AS outcomes,
      count("emailBouncedAt")::int AS bounced, count("complainedAt")::int AS complained, count("unsubscribedAt")::int AS unsubscribed
    FROM "CampaignLead" WHERE "contactedAt" IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
  return { rollup, recount };
}
