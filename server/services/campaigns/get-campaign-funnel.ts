import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TCampaignFunnel } from "../../schemas/campaign";
import { findCampaign } from "./find-campaign";
import { readSequence } from "./campaign-columns";

interface Row {
  stepId: string | null;
  variantId: string | null;
  leads: number;
  invited: number;
  accepted: number;
  messaged: number;
  replied: number;
}

const COUNTS = (alias: string) => `
  count(*)::int AS leads,
  count(${alias}."invitationSentAt")::int AS invited,
  count(*) FILTER (WHERE ${alias}."invitationAccepted")::int AS accepted,
  count(${alias}."messageSentAt")::int AS messaged,
  count(*) FILTER (WHERE ${alias}.status = 'replied')::int AS replied`;

/** The campaign's funnel overall and per A/B variant of each step (a lead's variant is stable). */
export async function getCampaignFunnel(actor: Actor, campaignId: string): Promise<TCampaignFunnel> {
  const campaign = await findCampaign(actor, campaignId);
  const [overall] = await db.$queryRawUnsafe<Row[]>(
    `SELECT NULL AS "stepId", NULL AS "variantId", ${COUNTS("cl")} FROM "CampaignLead" cl WHERE cl."campaignId" = $1`,
    campaign.id,
  );
  const rows = await db.$queryRawUnsafe<Row[]>(
    `SELECT j."stepId", j."variantId", ${COUNTS("cl")}
       FROM "CampaignLeadStep" j JOIN "CampaignLead" cl ON cl.id = j."campaignLeadId"
      WHERE j."campaignId" = $1 AND j.status = 'done' AND j."variantId" IS NOT NULL
      GROUP BY j."stepId", j."variantId"`,
    campaign.id,
  );
  const sequence = readSequence(campaign.sequence);
  const counts = (row: Row | undefined) => ({
    leads: row?.leads ?? 0,
    invited: row?.invited ?? 0,
    accepted: row?.accepted ?? 0,
    messaged: row?.messaged ?? 0,
    replied: row?.replied ?? 0,
  });
  return {
    overall: counts(overall),
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
