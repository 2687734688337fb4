// Contract of schedule-crm-syncs: every 5 minutes, one sync event per connection to sync, with an
// id naming the connection and the 5 minutes (a rerun starts no second sync).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { listCrmConnectionsToSync } from "@/server/services/crm/list-crm-connections-to-sync";
import { syncedFunction } from "../../server/test/inngest-contract";
import { scheduleCrmSyncs } from "./schedule-crm-syncs";

vi.mock("@/server/services/crm/list-crm-connections-to-sync", () => ({ listCrmConnectionsToSync: vi.fn() }));

afterEach(() => {
  vi.mocked(listCrmConnectionsToSync).mockReset();
  setClock(systemClock);
});

describe("schedule-crm-syncs", () => {
  it("runs every 5 minutes, one at a time", async () => {
    const { config, spec } = await syncedFunction(scheduleCrmSyncs);
    expect(config.triggers).toEqual([{ cron: "*/5 * * * *" }]);
    expect(spec).toMatchObject({ cronTriggers: ["*/5 * * * *"], concurrency: [{ limit: 1 }] });
  });

  it("sends one sync event per connection, its id naming the connection and the window", async () => {
    vi.mocked(listCrmConnectionsToSync).mockResolvedValue([
      { id: "crm_a", workspaceId: "wsp_1" },
      { id: "crm_b", workspaceId: "wsp_2" },
    ]);
    setClock(new ManualClock("2026-03-02T09:07:37.500Z"));
    const { result, ctx } = await new InngestTestEngine({ function: scheduleCrmSyncs, steps: [{ id: "syncs-0", handler: () => ({ ids: ["event-0"] }) }] }).execute();
    expect(result).toEqual({ window: "2026-03-02T09:05:00.000Z", connections: 2 });
    const [stepId, events] = ctx.step.sendEvent.mock.calls[0]!;
    expect(stepId).toBe("syncs-0");
    expect(events).toEqual([
      expect.objectContaining({ name: "herald/crm-sync.requested", data: { connectionId: "crm_a", workspaceId: "wsp_1" }, id: "crm-sync-crm_a-2026-03-02T09:05:00.000Z" }),
      expect.objectContaining({ name: "herald/crm-sync.requested", data: { connectionId: "crm_b", workspaceId: "wsp_2" }, id: "crm-sync-crm_b-2026-03-02T09:05:00.000Z" }),
    ]);
  });

  it("reads the connections a page of 500 per step, each page after the last one's id", async () => {
    const page = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ id: `crm_${String(from + index).padStart(4, "0")}`, workspaceId: "wsp_1" }));
    vi.mocked(listCrmConnectionsToSync).mockImplementation(async (afterId) => (afterId === null ? page(0, 500) : afterId === "crm_0499" ? page(500, 3) : []));
    setClock(new ManualClock("2026-03-02T09:07:37.500Z"));
    const { result, ctx } = await new InngestTestEngine({
      function: scheduleCrmSyncs,
      steps: [
        { id: "syncs-0", handler: () => ({ ids: [] }) },
        { id: "syncs-1", handler: () => ({ ids: [] }) },
      ],
    }).execute();
    expect(result).toEqual({ window: "2026-03-02T09:05:00.000Z", connections: 503 });
    expect(vi.mocked(listCrmConnectionsToSync).mock.calls).toEqual([
      [null, 500],
      ["crm_0499", 500],
    ]);
    expect(ctx.step.sendEvent.mock.calls.map(([id, events]) => [id, (events as unknown[]).length])).toEqual([
      ["syncs-0", 500],
      ["syncs-1", 3],
    ]);
  });
});
