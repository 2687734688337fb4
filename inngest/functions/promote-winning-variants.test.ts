// Contract of promote-winning-variants with Inngest's own test engine: every 15 minutes, one pass
// at a time, a step to list the campaigns and one per campaign. Services mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listAutoPromotingCampaigns } from "@/server/services/campaigns/experiments/list-auto-promoting-campaigns";
import { promoteWinningVariants } from "@/server/services/campaigns/experiments/promote-winning-variants";
import { syncedFunction } from "../../server/test/inngest-contract";
import { promoteWinningVariantsFunction } from "./promote-winning-variants";

vi.mock("@/server/services/campaigns/experiments/list-auto-promoting-campaigns", () => ({ listAutoPromotingCampaigns: vi.fn() }));
vi.mock("@/server/services/campaigns/experiments/promote-winning-variants", () => ({ promoteWinningVariants: vi.fn() }));

afterEach(() => vi.resetAllMocks());

describe("promote-winning-variants", () => {
  it("runs every 15 minutes, one run at a time", async () => {
    const { config, spec } = await syncedFunction(promoteWinningVariantsFunction);
    expect(config.triggers).toEqual([{ cron: "*/15 * * * *" }]);
    expect(spec).toMatchObject({ cronTriggers: ["*/15 * * * *"], maxAttempts: 4 });
  });

  it("promotes each auto-promoting campaign in its own step and reports what it promoted", async () => {
    vi.mocked(listAutoPromotingCampaigns).mockResolvedValue(["cmp_1", "cmp_2"]);
    vi.mocked(promoteWinningVariants).mockImplementation(async (id) => (id === "cmp_2" ? [{ stepId: "m1", variantId: "v_b", probabilityBest: 0.97, text: "promoted" }] : []));
    const { result, ctx } = await new InngestTestEngine({ function: promoteWinningVariantsFunction }).execute();
    expect(result).toEqual({ campaigns: 2, promoted: [{ campaignId: "cmp_2", stepId: "m1", variantId: "v_b" }] });
    expect(ctx.step.run.mock.calls.map(([id]) => id)).toEqual(["list-campaigns", "promote-cmp_1", "promote-cmp_2"]);
  });

  it("stops when a campaign's promotion fails (the step is retried first)", async () => {
    vi.mocked(listAutoPromotingCampaigns).mockResolvedValue(["cmp_1", "cmp_2"]);
    vi.mocked(promoteWinningVariants).mockRejectedValue(new Error("database unavailable"));
    const { error } = await new InngestTestEngine({ function: promoteWinningVariantsFunction }).execute();
    expect(error).toMatchObject({ message: "database unavailable" });
    expect(promoteWinningVariants).toHaveBeenCalledTimes(1);
  });
});
