import { db, type DbClient } from "../../../db/client";

/** What the leads of one A/B variant of a step did: the facts an experiment is judged on. */
export type VariantOutcome = {
  stepId: string;
  variantId: string;
  /** Leads the step was done for with this variant. */
  reached: number;
  /** Of those, leads who accepted the campaign's invitation. */
  accepted: number;
  /** Of those, leads who replied (a person's reply, on LinkedIn or by e-mail; auto-replies are not counted). */
  replied: number;
  /** Of those, leads whose reply was marked interested. */
  positive: number;
};

/**
 * The one place that counts a campaign's outcomes per step and variant (the experiments read and
 * the auto-promotion both ask it), from the journal as the funnel counts them: a variant reached
 * the leads its step was done for, and an e-mail that bounced still reached the lead's server.
 * One statement, grouped by step and variant (the journal's campaignId, stepId, variantId index).
 */
export async function variantOutcomes(campaignId: string, client: DbClient = db): Promise<VariantOutcome[]> {
  return client.$queryRawUnsafe<VariantOutcome[]>(
    `SELECT j."stepId", j."variantId",
            count(*)::int AS reached,
            count(*) FILTER (WHERE cl."invitationAccepted")::int AS accepted,
            count(*) FILTER (WHERE cl.status = 'replied' OR cl."emailRepliedAt" IS NOT NULL)::int AS replied,
            count(*) FILTER (WHERE cl.interest = 'interested')::int AS positive
       FROM "CampaignLeadStep" j JOIN "CampaignLead" cl ON cl.id = j."campaignLeadId"
      WHERE j."campaignId" = $1 AND j."variantId" IS NOT NULL
        AND (j.status = 'done' OR (j.status = 'failed' AND j."stepType" = 'email' AND cl."emailBouncedAt" IS NOT NULL))
      GROUP BY j."stepId", j."variantId"`,
    campaignId,
  );
}
