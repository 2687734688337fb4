// Every 15 minutes: the auto-promotion of A/B variants over the active campaigns that ask for it
// (experiments.autoPromote), one step per campaign so a failing campaign is retried alone.
import { cron } from "inngest";
import { listAutoPromotingCampaigns } from "@/server/services/campaigns/experiments/list-auto-promoting-campaigns";
import { promoteWinningVariants } from "@/server/services/campaigns/experiments/promote-winning-variants";
import { inngest } from "../client";

export const promoteWinningVariantsFunction = inngest.createFunction(
  { id: "promote-winning-variants", name: "Promote the winning A/B variants", triggers: [cron("*/15 * * * *")], concurrency: { limit: 1 } },
  async ({ step }) => {
    const campaignIds = await step.run("list-campaigns", () => listAutoPromotingCampaigns());
    const promoted: Array<{ campaignId: string; stepId: string; variantId: string }> = [];
    for (const campaignId of campaignIds) {
      const promotions = await step.run(`promote-${campaignId}`, () => promoteWinningVariants(campaignId));
      promoted.push(...promotions.map(({ stepId, variantId }) => ({ campaignId, stepId, variantId })));
    }
    return { campaigns: campaignIds.length, promoted };
  },
);
