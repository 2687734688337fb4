// A campaign's A/B experiments: the auto-promotion settings and the experiments read
// (GET /campaigns/{id}/experiments, tRPC campaigns.experiments), shared by REST, tRPC, OpenAPI and the dashboard.
import { z } from "zod";
import { ZTimestamp } from "./common";

export const ZCampaignExperimentSettings = z
  .object({
    autoPromote: z.boolean().meta({
      description:
        "Promote a step's winning variant on its own: once a variant's probability to be best passes `threshold` with every variant at `minLeadsPerVariant` leads, the other variants stop receiving new leads (checked every 15 minutes while the campaign is active; recorded in the campaign's history). Default false",
    }),
    threshold: z
      .number({ message: "must be a number from 0.5 to 0.999" })
      .min(0.5, "must be at least 0.5 (50%)")
      .max(0.999, "must be at most 0.999 (99.9%)")
      .meta({ description: "The probability to be best a variant needs to be promoted, 0.5 to 0.999. Default 0.95" }),
    minLeadsPerVariant: z
      .number({ message: "must be a whole number of at least 20" })
      .int("must be a whole number of leads")
      .min(20, "must be at least 20 leads")
      .max(1_000_000, "must be at most 1,000,000 leads")
      .meta({ description: "Leads every variant of the step must have reached before one is promoted, at least 20. Default 100" }),
  })
  .meta({ id: "CampaignExperimentSettings", description: "A/B experiments: whether a step's winning variant is promoted on its own, and when" });
export type TCampaignExperimentSettings = z.infer<typeof ZCampaignExperimentSettings>;

export const DEFAULT_EXPERIMENT_SETTINGS: TCampaignExperimentSettings = { autoPromote: false, threshold: 0.95, minLeadsPerVariant: 100 };

export const ZCampaignExperimentSettingsChange = ZCampaignExperimentSettings.partial().meta({
  description: "A/B experiments: `autoPromote` (default false), `threshold` (0.5–0.999, default 0.95), `minLeadsPerVariant` (at least 20, default 100). Fields left out keep their value",
});

const ZExperimentVariant = z.object({
  variantId: z.string(),
  label: z.string().meta({ description: "A, B, C… in the order of the step's config.variants" }),
  reached: z.number().int().meta({ description: "Leads the variant reached (the step was done for them with this variant)" }),
  successes: z.number().int().meta({ description: "Of those, leads who did what the step's metric counts (see `metric`)" }),
  positive: z.number().int().meta({ description: "Of those, leads whose reply was marked interested" }),
  rate: z.number().meta({ description: "successes / reached, 0 to 1 (0 when nothing reached)" }),
  interval: z.object({ low: z.number(), high: z.number() }).meta({ description: "The 95% credible interval of the rate (Beta posterior with a uniform prior), 0 to 1" }),
  probabilityBest: z.number().meta({ description: "The probability that this variant's rate is the highest, 0 to 1" }),
  expectedLoss: z.number().meta({ description: "What choosing this variant is expected to cost against the best, as a rate (0.002 is 0.2 points)" }),
  promoted: z.boolean().meta({ description: "The step's promoted variant: every lead reaching the step now gets it" }),
});

export const ZExperimentStep = z.object({
  stepId: z.string(),
  type: z.string(),
  label: z.string().meta({ description: "The step as people name it: its number and kind (\"#3 Message\")" }),
  metric: z.enum(["acceptance", "reply"]).meta({ description: "What counts as a success: `acceptance` of an invitation step's request, a `reply` on every other step" }),
  variants: z.array(ZExperimentVariant),
  verdict: z.object({
    kind: z.enum(["no-data", "too-early", "winner", "no-difference"]),
    text: z.string().meta({ description: "Whether the data can tell yet, in words", example: "B is likely better (97% chance to be best); expected loss of choosing it 0.1 points" }),
    neededPerVariant: z.number().int().meta({ description: "Leads each variant needs to detect a 5-point difference at the variants' pooled rate (two-sided α 0.05, power 0.8)" }),
    morePerVariant: z.number().int().meta({ description: "How many more leads each variant needs for that (0 once every variant has enough)" }),
  }),
  promotedVariantId: z.string().nullable(),
});
export type TExperimentStep = z.infer<typeof ZExperimentStep>;

export const ZCampaignHistoryEntry = z.object({
  id: z.string(),
  kind: z.string().meta({ description: "`variant_promoted`" }),
  text: z.string().meta({ description: "What happened, in words" }),
  at: ZTimestamp,
});
export type TCampaignHistoryEntry = z.infer<typeof ZCampaignHistoryEntry>;

export const ZCampaignExperiments = z
  .object({
    campaignId: z.string(),
    steps: z.array(ZExperimentStep).meta({ description: "Every step with two variants or more, in sequence order" }),
    settings: ZCampaignExperimentSettings,
    history: z.array(ZCampaignHistoryEntry).meta({ description: "The campaign's history entries, newest first (at most 50)" }),
  })
  .meta({
    id: "CampaignExperiments",
    description:
      "The campaign's A/B tests: per step with variants, each variant's leads reached and successes with a 95% credible interval, its probability to be best and expected loss (Bayesian, Beta posteriors with a uniform prior, integrated numerically so the same counts give the same numbers), and a verdict in words saying whether the data can tell yet",
  });
export type TCampaignExperiments = z.infer<typeof ZCampaignExperiments>;

export const ZExperimentPlan = z.object({
  stepId: z.string(),
  label: z.string().meta({ description: "The step as people name it (\"#3 Message\")" }),
  variants: z.number().int().meta({ description: "How many variants the step has" }),
  promotedVariantId: z.string().nullable().meta({ description: "The step's promoted variant, when one is: every new lead gets it and there is nothing to plan" }),
  perVariant: z.number().int().meta({ description: "Leads each variant is expected to reach within the horizon (leads split evenly between the variants)" }),
  neededPerVariant: z
    .number()
    .int()
    .meta({ description: "Leads each variant needs to detect a 5-point difference at the rate the forecast expects at that step (two-sided α 0.05, power 0.8)" }),
  expectedBy: ZTimestamp.nullable().meta({ description: "When the last of those leads is expected to reach the step; null when not within the horizon" }),
  text: z.string().meta({
    description: "The answer in words",
    example: "#2 Message: at the forecast's pace each variant reaches about 120 leads in 45 days; detecting a 5-point difference needs about 690 per variant — not within the forecast.",
  }),
});
export type TExperimentPlan = z.infer<typeof ZExperimentPlan>;
