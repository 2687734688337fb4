// The warmup endpoints over the API: every answer is the warmup envelope {data: {warmup, available,
// limits}}; start/stop/resume; the strategy PATCH's 400 invalid-strategy (every field named in
// details.errors, garbage included) and 409 starting-volume-locked; history with its `days`; 404s.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, now, setClock, systemClock } from "@/server/lib/clock";
import { ZWarmupEnvelope } from "@/server/schemas/mailbox-health";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { useRecordingWarmupNetworks } from "@/server/test/recording-warmup-network";

let networks: ReturnType<typeof useRecordingWarmupNetworks>;
let clock: ManualClock;
beforeEach(() => {
  networks = useRecordingWarmupNetworks();
  clock = new ManualClock("2026-03-02T10:00:00Z");
  setClock(clock);
});
afterEach(() => {
  networks.restore();
  setClock(systemClock);
});

async function setup() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const mailbox = await db.mailbox.create({
    data: { workspaceId: context.workspace.id, label: "Ada", email: "ada@warmup-api.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "UTC", dailyLimit: 20, createdAt: now(), updatedAt: now() },
  });
  const path = `/email-accounts/${mailbox.id}/warmup`;
  return {
    key,
    mailbox,
    get: () => callApi("GET", path, { key }),
    patch: (body: unknown) => callApi("PATCH", path, { key, body }),
    post: (action: string) => callApi("POST", `${path}/${action}`, { key }),
    history: (query?: Record<string, string | number>) => callApi("GET", `${path}/history`, { key, query }),
  };
}

describe("the warmup endpoints", () => {
  it("answer every call with the warmup envelope through a start, a strategy change, a stop and a resume", async () => {
    const api = await setup();
    const read = await api.get();
    expect(read.status).toBe(200);
    expect(ZWarmupEnvelope.parse(read.body)).toEqual(read.body);
    expect(read.body!.data).toMatchObject({ available: true, warmup: { status: "pending", provider: "sandbox" }, limits: { maxTarget: 100, tierMax: 100, campaignCap: 20 } });

    const stored = await api.patch({ preset: "aggressive" });
    expect(stored.status).toBe(200);
    expect(stored.body!.data.warmup).toMatchObject({ strategyApplied: false, strategy: { preset: "aggressive", targetVolume: 80 } });

    const started = await api.post("start");
    expect(started.status).toBe(200);
    expect(ZWarmupEnvelope.parse(started.body)).toEqual(started.body);
    expect(started.body!.data).toMatchObject({ warmup: { status: "warming", day: 1, currentVolume: 10, strategyApplied: true, holdReason: "warming" }, limits: { campaignCap: 0 } });

    const resumed = await api.post("resume");
    expect(resumed.status).toBe(200);
    expect(resumed.body!.data.warmup.status).toBe("warming");

    const stopped = await api.post("stop");
    expect(stopped.status).toBe(200);
    expect(stopped.body!.data).toMatchObject({ warmup: { status: "stopped", holdUntil: null }, limits: { campaignCap: 20 } });
    expect(networks.sandbox.calls.map((call) => call.call)).toEqual(["enroll", "cancel"]);

    const history = await api.history({ days: 7 });
    expect(history.status).toBe(200);
    expect(history.body!.data).toEqual([{ date: "2026-03-02", day: 0, planned: 0, sent: 0, inbox: 0, spam: 0, promotions: 0, received: 0, replied: 0, rescued: 0, healthScore: null }]);
    const badDays = await api.history({ days: 0 });
    expect(badDays.status).toBe(400);
    expect(badDays.body!.error.details.fields[0]).toEqual({ field: "days", message: "must be a whole number from 1 to 365" });
  });

  it("PATCH refuses garbage with 400 invalid-strategy naming each field, and a new starting volume after day 1 with 409", async () => {
    const api = await setup();
    const garbage = await api.patch({ preset: 5, startingVolume: "ten", dailyIncrease: { a: 1 }, targetVolume: null, replyInbox: "20-30", replyPromotions: [1, "x"], replySpam: 1e309, holdOverride: [], nonsense: 1 });
    expect(garbage.status).toBe(400);
    expect(garbage.body!.error.code).toBe("invalid-strategy");
    expect(garbage.body!.error.message).toMatch(/^The warmup strategy was not changed: check /);
    const fields = (garbage.body!.error.details.errors as Array<{ field: string; message: string }>).map((issue) => issue.field).sort();
    expect(fields).toEqual(["dailyIncrease", "holdOverride", "nonsense", "preset", "replyInbox", "replyPromotions", "replySpam", "startingVolume", "targetVolume"].sort());

    // Past what the database column holds: a 400 naming the field, never a 500.
    const huge = await api.patch({ dailyIncrease: 3_000_000_000 });
    expect(huge.status).toBe(400);
    expect(huge.body!.error).toMatchObject({ code: "invalid-strategy", details: { errors: [{ field: "dailyIncrease" }] } });

    await api.post("start");
    clock.advance(86_400_000);
    const locked = await api.patch({ startingVolume: 9 });
    expect(locked.status).toBe(409);
    expect(locked.body!.error.code).toBe("starting-volume-locked");
    const changed = await api.patch({ dailyIncrease: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body!.data.warmup).toMatchObject({ day: 2, currentVolume: 5, strategy: { preset: "custom", dailyIncrease: 3 } });
  });

  it("answers 404 for another workspace's mailbox and 409 warmup-unavailable for a disconnected one", async () => {
    const api = await setup();
    const other = await createTestWorkspace();
    const { key } = await createTestApiKey(other.actor);
    const foreign = await callApi("GET", `/email-accounts/${api.mailbox.id}/warmup`, { key });
    expect(foreign.status).toBe(404);
    await db.mailbox.update({ where: { id: api.mailbox.id }, data: { status: "disconnected" } });
    expect((await api.get()).body!.data.available).toBe(false);
    const refused = await api.post("start");
    expect(refused.status).toBe(409);
    expect(refused.body!.error).toEqual({ code: "warmup-unavailable", message: "ada@warmup-api.test is not connected, so it cannot send or receive warmup e-mail. Reconnect it, then start warmup." });
  });
});
