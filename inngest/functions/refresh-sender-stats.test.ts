// Contract of refresh-sender-stats with Inngest's own test engine: hourly, one run at a time, one
// step. The service is mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshSenderStats } from "@/server/services/senders/refresh-sender-stats";
import { syncedFunction } from "../../server/test/inngest-contract";
import { refreshSenderStatsFunction } from "./refresh-sender-stats";

vi.mock("@/server/services/senders/refresh-sender-stats", () => ({ refreshSenderStats: vi.fn() }));

afterEach(() => vi.resetAllMocks());

describe("refresh-sender-stats", () => {
  it("runs hourly at minute 23, one run at a time", async () => {
    const { config, spec } = await syncedFunction(refreshSenderStatsFunction);
    expect(config.triggers).toEqual([{ cron: "23 * * * *" }]);
    expect(config.concurrency).toEqual({ limit: 1 });
    expect(spec).toMatchObject({ cronTriggers: ["23 * * * *"], concurrency: [{ limit: 1 }] });
  });

  it("refreshes every sender in one step", async () => {
    vi.mocked(refreshSenderStats).mockResolvedValue({ senders: 3 });
    const { result, ctx } = await new InngestTestEngine({ function: refreshSenderStatsFunction }).execute();
    expect(result).toEqual({ senders: 3 });
    expect(ctx.step.run).toHaveBeenCalledExactlyOnceWith("refresh", expect.any(Function));
  });
});
