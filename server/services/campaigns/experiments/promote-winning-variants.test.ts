// Auto-promotion on the database: a winner past the threshold with every variant at the minimum is
// promoted into the campaign's sequence, once, with a history entry; nothing happens below the
// minimum, without autoPromote, or on a paused campaign.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { chooseStepVariant } from "@/server/domain/sequence/choose-variant";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { createTestWorkspace } from "@/server/test/factories";
import { seedVariantHistory } from "@/server/test/experiment-seed";
import { readSequence } from "../campaign-columns";
import { createCampaign } from "../create-campaign";
import { getCampaignExperiments } from "./get-campaign-experiments";
import { listAutoPromotingCampaigns } from "./list-auto-promoting-campaigns";
import { promoteWinningVariants } from "./promote-winning-variants";

async function experimentCampaign(experiments: { autoPromote: boolean; minLeadsPerVariant?: number }, status: "active" | "paused" = "active") {
  const { actor } = await createTestWorkspace();
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: "Thanks test",
      experiments,
      sequence: {
        steps: [
          { id: "invite", type: "invite" },
          { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "A", variants: [{ id: "a", text: "A" }, { id: "b", text: "B" }] } },
        ],
      },
    }),
  );
  // Active without senders would be refused by the update path: the status is set as the executor sees it.
  await db.campaign.update({ where: { id: campaign.id }, data: { status } });
  return { actor, campaignId: campaign.id };
}

describe("promoteWinningVariants", () => {
  it("promotes the winner into the sequence, records it in the history, and does nothing the second time", async () => {
    const { actor, campaignId } = await experimentCampaign({ autoPromote: true });
    await seedVariantHistory(actor, campaignId, { id: "thanks", type: "message" }, [
      { variantId: "a", reached: 220, successes: 18 },
      { variantId: "b", reached: 230, successes: 34 },
    ]);
    expect(await listAutoPromotingCampaigns()).toContain(campaignId);

    const promotions = await promoteWinningVariants(campaignId);
    expect(promotions).toEqual([{ stepId: "thanks", variantId: "b", probabilityBest: expect.any(Number), text: expect.stringMatching(/^#2 Message: variant B promoted \(\d+% chance to be best, leads reached A 220, B 230\); A no longer gets new leads$/) }]);
    const stored = readSequence((await db.campaign.findUniqueOrThrow({ where: { id: campaignId } })).sequence);
    const thanks = stored.steps.find((step) => step.id === "thanks")!;
    expect(thanks.config.promotedVariantId).toBe("b");
    expect(chooseStepVariant(thanks, "cld_any").id).toBe("b");
    const history = await db.campaignHistoryEntry.findMany({ where: { campaignId } });
    expect(history).toMatchObject([{ kind: "variant_promoted", text: promotions[0]!.text, detail: { stepId: "thanks", variantId: "b", threshold: 0.95 } }]);

    expect(await promoteWinningVariants(campaignId)).toEqual([]);
    expect(await db.campaignHistoryEntry.count({ where: { campaignId } })).toBe(1);

    const read = await getCampaignExperiments(actor, campaignId);
    expect(read.steps[0]!.promotedVariantId).toBe("b");
    expect(read.steps[0]!.variants.map((variant) => variant.promoted)).toEqual([false, true]);
    expect(read.history).toEqual([{ id: expect.stringMatching(/^chi_/), kind: "variant_promoted", text: promotions[0]!.text, at: expect.any(String) }]);
  });

  it("waits for the minimum sample per variant", async () => {
    const { actor, campaignId } = await experimentCampaign({ autoPromote: true, minLeadsPerVariant: 300 });
    await seedVariantHistory(actor, campaignId, { id: "thanks", type: "message" }, [
      { variantId: "a", reached: 220, successes: 18 },
      { variantId: "b", reached: 230, successes: 34 },
    ]);
    expect(await promoteWinningVariants(campaignId)).toEqual([]);
    expect(readSequence((await db.campaign.findUniqueOrThrow({ where: { id: campaignId } })).sequence).steps[1]!.config.promotedVariantId).toBeUndefined();
    expect(await db.campaignHistoryEntry.count({ where: { campaignId } })).toBe(0);
  });

  it("leaves campaigns alone without autoPromote, or while paused", async () => {
    for (const [settings, status] of [[{ autoPromote: false }, "active"], [{ autoPromote: true }, "paused"]] as const) {
      const { actor, campaignId } = await experimentCampaign(settings, status);
      await seedVariantHistory(actor, campaignId, { id: "thanks", type: "message" }, [
        { variantId: "a", reached: 220, successes: 18 },
        { variantId: "b", reached: 230, successes: 34 },
      ]);
      expect(await listAutoPromotingCampaigns()).not.toContain(campaignId);
      expect(await promoteWinningVariants(campaignId)).toEqual([]);
    }
  });
});
