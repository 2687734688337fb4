import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TCampaignFunnel } from "../../schemas/campaign";
import { findCampaign } from "./find-campaign";
import { readSequence } from "./campaign-columns";
import { campaignStats } from "./campaign-stats";

type Counts = TCampaignFunnel["overall"];
type Row = Counts & { stepId: string; variantId: string };

const COUNTS = `
  count(*)::int AS leads,
  count(cl."invitationSentAt")::int AS invited,
  count(*) FILTER (WHERE cl."invitationAccepted")::int AS accepted,
  count(cl."messageSentAt")::int AS messaged,
  count(*) FILTER (WHERE cl.status = 'replied')::int AS replied,
  count(cl."emailSentAt")::int AS "emailSent",
  count(cl."emailOpenedAt")::int AS "emailOpened",
  count(cl."emailClickedAt")::int AS "emailClicked",
  count(cl."emailRepliedAt")::int AS "emailReplied",
  count(cl."emailBouncedAt")::int AS "emailBounced"`;

const NONE: Counts = { leads: 0, invited: 0, accepted: 0, messaged: 0, replied: 0, emailSent: 0, emailOpened: 0, emailClicked: 0, emailReplied: 0, emailBounced: 0 };

function pickCounts(row: Counts): Counts {
  const { leads, invited, accepted, messaged, replied, emailSent, emailOpened, emailClicked, emailReplied, emailBounced } = row;
  return { leads, invited, accepted, messaged, replied, emailSent, emailOpened, emailClicked, emailReplied, emailBounced };
}

/**
 * The campaign's funnel overall (from the counters kept beside the leads, as the campaigns list
 * reads them) and per A/B variant of each step (a lead's variant is stable), counted from the journal.
 * A variant counts the leads its step reached; an e-mail that bounced reached the lead's server, though
 * the bounce failed the lead on that step: it counts, or a variant's bounces would always read 0.
 */
export async function getCampaignFunnel(actor: Actor, campaignId: string): Promise<TCampaignFunnel> {
  const campaign = await findCampaign(actor, campaignId);
  const [stats, rows] = await Promise.all([
    campaignStats([campaign.id]),
    db.$queryRawUnsafe<Row[]>(
      `SELECT j."stepId", j."variantId", ${COUNTS}
         FROM "CampaignLeadStep" j JOIN "CampaignLead" cl ON cl.id = j."campaignLeadId"
        WHERE j."campaignId" = $1 AND j."variantId" IS NOT NULL
          AND (j.status = 'done' OR (j.status = 'failed' AND j."stepType" = 'email' AND cl."emailBouncedAt" IS NOT NULL))
        GROUP BY j."stepId", j."variantId"`,
      campaign.id,
    ),
  ]);
  const { total, ...overall } = stats.get(campaign.id)!;
  const counts = (row: Row | undefined): Counts => (row ? pickCounts(row) : { ...NONE });
  const sequence = readSequence(campaign.sequence);
  return {
    overall: pickCounts({ ...overall, leads: total }),
    steps: sequence.steps
      .filter((step) => rows.some((row) => row.stepId === step.id))
      .map((step) => ({
        stepId: step.id,
        type: step.type,
        variants: step.config.variants.map((variant, index) => ({
          variantId: variant.id,
          label: String.fromCharCode(65 + index),
          ...counts(rows.find((row) => row.stepId === step.id && row.variantId === variant.id)),
        })),
      })),
  };
}
