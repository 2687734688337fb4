// Contract of advance-sandbox-network with Inngest's own test engine: every minute, one run at a
// time, one step. The service is mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { advanceSandboxNetwork } from "@/server/services/sandbox/advance-sandbox-network";
import { advanceSandboxNetworkFunction } from "./advance-sandbox-network";
import { syncedFunction } from "../../server/test/inngest-contract";

vi.mock("@/server/services/sandbox/advance-sandbox-network", () => ({ advanceSandboxNetwork: vi.fn() }));

afterEach(() => vi.resetAllMocks());

describe("advance-sandbox-network", () => {
  it("runs every minute, one run at a time", async () => {
    const { config, spec } = await syncedFunction(advanceSandboxNetworkFunction);
    expect(config.triggers).toEqual([{ cron: "* * * * *" }]);
    expect(config.concurrency).toEqual({ limit: 1 });
    expect(spec).toMatchObject({ cronTriggers: ["* * * * *"], concurrency: [{ limit: 1 }] });
  });

  it("advances the sandbox network in one step", async () => {
    vi.mocked(advanceSandboxNetwork).mockResolvedValue({ activities: 5 });
    const { result, ctx } = await new InngestTestEngine({ function: advanceSandboxNetworkFunction }).execute();
    expect(result).toEqual({ activities: 5 });
    expect(ctx.step.run).toHaveBeenCalledExactlyOnceWith("advance", expect.any(Function));
  });
});
