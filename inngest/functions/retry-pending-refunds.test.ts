// Contract of retry-pending-refunds with Inngest's own test engine: every 15 minutes, one at a
// time, the refunds sent in one step. Service mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { retryPendingRefunds as retryRefunds } from "@/server/services/mailbox-orders/retry-pending-refunds";
import { syncedFunction } from "../../server/test/inngest-contract";
import { retryPendingRefunds } from "./retry-pending-refunds";

vi.mock("@/server/services/mailbox-orders/retry-pending-refunds", () => ({ retryPendingRefunds: vi.fn() }));

afterEach(() => vi.resetAllMocks());

describe("retry-pending-refunds", () => {
  it("runs every 15 minutes, one run at a time, with Inngest's default retries", async () => {
    const { config, spec } = await syncedFunction(retryPendingRefunds);
    expect(config.triggers).toEqual([{ cron: "*/15 * * * *" }]);
    expect(spec).toMatchObject({ cronTriggers: ["*/15 * * * *"], maxAttempts: 4 });
  });

  it("sends the pending refunds in one step and reports how many went", async () => {
    vi.mocked(retryRefunds).mockResolvedValue({ sent: 2, failed: 1 });
    const { result, ctx } = await new InngestTestEngine({ function: retryPendingRefunds }).execute();
    expect(result).toEqual({ sent: 2, failed: 1 });
    expect(ctx.step.run.mock.calls.map(([id]) => id)).toEqual(["send-pending-refunds"]);
  });
});
