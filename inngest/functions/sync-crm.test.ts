// Contract of sync-crm with Inngest's own test engine: one run per connection at a time, throttled
// per connection, pull then push in batches (one step each), a CRM's "slow down" retried after the
// time it gave, a disconnected connection stopping its own run. The services are mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CrmError } from "@/server/providers/crm/types";
import { finishCrmSync } from "@/server/services/crm/finish-crm-sync";
import { runCrmSyncStage, type CrmSyncStageResult } from "@/server/services/crm/run-crm-sync-stage";
import { syncedFunction } from "../../server/test/inngest-contract";
import { syncCrm } from "./sync-crm";

vi.mock("@/server/services/crm/run-crm-sync-stage", () => ({ runCrmSyncStage: vi.fn() }));
vi.mock("@/server/services/crm/finish-crm-sync", () => ({ finishCrmSync: vi.fn() }));

const engine = () => new InngestTestEngine({ function: syncCrm, events: [{ name: "herald/crm-sync.requested", data: { connectionId: "crm_1", workspaceId: "wsp_1" } }] });

afterEach(() => {
  vi.mocked(runCrmSyncStage).mockReset();
  vi.mocked(finishCrmSync).mockReset();
});

describe("sync-crm", () => {
  it("is triggered by herald/crm-sync.requested, one run and at most one start a minute per connection, retried five times", async () => {
    const { config, spec } = await syncedFunction(syncCrm);
    expect(config.triggers).toEqual([{ event: "herald/crm-sync.requested" }]);
    expect(config).toMatchObject({ throttle: { limit: 1, period: "1m", key: "event.data.connectionId" } });
    expect(spec).toMatchObject({ maxAttempts: 6, concurrency: [{ limit: 1, key: "event.data.connectionId", scope: "fn" }] });
  });

  it("pulls, then pushes leads and activities, batch after batch, and logs the totals", async () => {
    vi.mocked(runCrmSyncStage).mockImplementation(async (_id, stage): Promise<CrmSyncStageResult> => {
      const calls = vi.mocked(runCrmSyncStage).mock.calls.filter(([, s]) => s === stage).length;
      if (stage === "pull") return { done: calls === 2, stopped: null, counts: { exclusions: 3 } };
      if (stage === "push-leads") return { done: true, stopped: null, counts: { created: 2 } };
      return { done: true, stopped: null, counts: { activities: 5, deals: 1 } };
    });
    const { result, ctx } = await engine().execute();
    expect(result).toEqual({ pull: { exclusions: 6 }, push: { created: 2, activities: 5, deals: 1 } });
    expect(ctx.step.run.mock.calls.map(([id]) => id)).toEqual(expect.arrayContaining(["pull-1", "pull-2", "push-leads-1", "push-activities-1", "finish"]));
    expect(finishCrmSync).toHaveBeenCalledWith("crm_1", { pull: { exclusions: 6 }, push: { created: 2, activities: 5, deals: 1 } });
  });

  it("stops, without failing, when the CRM disconnected the connection", async () => {
    vi.mocked(runCrmSyncStage).mockResolvedValue({ done: true, stopped: "HubSpot is disconnected: reconnect it under Settings → Integrations.", counts: {} });
    const { result } = await engine().execute();
    expect(result).toEqual({ stopped: "HubSpot is disconnected: reconnect it under Settings → Integrations." });
    expect(finishCrmSync).not.toHaveBeenCalled();
  });

  it("retries a batch the CRM rate-limited after the time it asked for", async () => {
    vi.mocked(runCrmSyncStage).mockRejectedValue(new CrmError("rate-limited", "HubSpot answered 429: ten-second limit reached", { retryAfterSeconds: 10 }));
    const { step } = await engine().executeStep("pull-1");
    expect(step.op).toBe("StepError");
    expect(step.error).toMatchObject({ name: "RetryAfterError", message: "HubSpot answered 429: ten-second limit reached" });
  });
});
