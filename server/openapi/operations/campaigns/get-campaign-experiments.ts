import { dataEnvelope } from "../../../schemas/common";
import { ZCampaignExperiments } from "../../../schemas/campaign-experiments";
import { defineOperation } from "../../../http/api-operation";
import { ZCampaignIdParams } from "./shared";

export const getCampaignExperimentsOperation = defineOperation({
  operationId: "getCampaignExperiments",
  method: "get",
  path: "/campaigns/{id}/experiments",
  summary: "A campaign's A/B tests: which variant works, and whether the data can tell yet",
  description: [
    "Beyond the spec. One entry per step with two variants or more. For each variant: `reached`, the leads the step was done for with it (a lead's variant is stable; an e-mail that bounced counts as reached), and `successes`, those who then did what the step's `metric` counts: `acceptance` (the invitation accepted) on an invitation step, `reply` (a person's reply on LinkedIn or by e-mail; auto-replies are not counted) on every other step; `positive` counts replies marked interested.",
    "Statistics are Bayesian: each variant's rate has the posterior Beta(1 + successes, 1 + reached − successes) (a uniform prior). `interval` is its 95% credible interval; `probabilityBest` the probability that its rate is the highest and `expectedLoss` the expected shortfall of its rate against the best (E[max − rate], 0.002 is 0.2 points), both integrated numerically on a fixed grid so the same counts always give the same numbers.",
    "`verdict.neededPerVariant` is how many leads each variant needs to detect a 5-point difference (absolute) at the variants' pooled rate, by a two-sided two-proportion test at α 0.05 with power 0.8; `morePerVariant` how many more the least-reached variant needs. `verdict.text` says it in words: too early to tell (and how many more leads), a variant likely better (its probability to be best past the campaign's `experiments.threshold` with every variant at `experiments.minLeadsPerVariant` leads), or no meaningful difference.",
    "`promotedVariantId` is the step's promoted variant (`config.promotedVariantId`), given to every lead reaching the step since; with `experiments.autoPromote` Herald promotes the winner on its own, checking active campaigns every 15 minutes, and adds an entry to `history`.",
  ].join("\n\n"),
  tags: ["Campaigns"],
  params: ZCampaignIdParams,
  response: dataEnvelope(ZCampaignExperiments),
  errors: ["not-found"],
});
