// Contract of restart-stalled-mailbox-orders with Inngest's own test engine: every ten minutes, one
// step. The service is mocked (no database); provision-mailbox-order.db.test.ts runs it for real.
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { restartStalledMailboxOrders } from "@/server/services/mailbox-orders/provisioning/restart-stalled-mailbox-orders";
import { syncedFunction } from "../../server/test/inngest-contract";
import { restartStalledMailboxOrdersFunction } from "./restart-stalled-mailbox-orders";

vi.mock("@/server/services/mailbox-orders/provisioning/restart-stalled-mailbox-orders", () => ({ restartStalledMailboxOrders: vi.fn() }));

afterEach(() => vi.resetAllMocks());

describe("restart-stalled-mailbox-orders", () => {
  it("runs every ten minutes", async () => {
    const { config, spec } = await syncedFunction(restartStalledMailboxOrdersFunction);
    expect(config.triggers).toEqual([{ cron: "*/10 * * * *" }]);
    expect(spec).toMatchObject({ cronTriggers: ["*/10 * * * *"], maxAttempts: 4 });
  });

  it("restarts the stalled orders in one step and reports how many", async () => {
    vi.mocked(restartStalledMailboxOrders).mockResolvedValue({ restarted: 2 });
    const { result } = await new InngestTestEngine({ function: restartStalledMailboxOrdersFunction }).execute();
    expect(result).toEqual({ restarted: 2 });
  });
});
