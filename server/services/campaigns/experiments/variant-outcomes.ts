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
 * the auto-promotion both ask it), from the analytics' rollup per step (CampaignStepOutcome, kept
 * by the leads' trigger): a variant reached the leads its step was done for (an e-mail that bounced
 * still reached the lead's server), counted once the lead was contacted, with the lead's first
 * human reply, acceptance and interest since. A few rows per step and day, however many leads.
 */
export async function variantOutcomes(campaignId: string, client: DbClient = db): Promise<VariantOutcome[]> {
  return client.$queryRawUnsafe<VariantOutcome[]>(
    `SELECT s."stepId", s."variantId", sum(s.reached)::int AS reached, sum(s.accepted)::int AS accepted,
            sum(s.replied)::int AS replied, sum(s.positive)::int AS positive
       FROM "CampaignStepOutcome" s
      WHERE s."campaignId" = $1 AND s."variantId" <> ''
      GROUP BY s."stepId", s."variantId"
     HAVING sum(s.reached) <> 0`,
    campaignId,
  );
}
