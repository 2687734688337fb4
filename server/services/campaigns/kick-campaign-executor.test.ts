// Kicks share an event id only within one second: a burst starts one pass, a kick a few seconds
// later (another campaign activated) starts its own instead of waiting for the minute's pass.
import { afterEach, expect, it, vi } from "vitest";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";

const sent = vi.hoisted(() => [] as Array<{ id?: string }>);
vi.mock("@/inngest/client", () => ({ inngest: { send: async (event: { id?: string }) => void sent.push(event) } }));
vi.mock("@/inngest/connection", () => ({ jobRunnerConfigured: () => true }));

const { kickCampaignExecutor } = await import("./kick-campaign-executor");

afterEach(() => setClock(systemClock));

it("gives kicks of the same second one event id, and kicks seconds apart their own", async () => {
  const clock = new ManualClock("2026-03-02T09:00:01.100Z");
  setClock(clock);
  await kickCampaignExecutor("leads added");
  clock.set(new Date("2026-03-02T09:00:01.900Z"));
  await kickCampaignExecutor("leads added");
  clock.set(new Date("2026-03-02T09:00:05.000Z"));
  await kickCampaignExecutor("campaign updated");
  const ids = sent.map((event) => event.id);
  expect(ids[0]).toBe(ids[1]);
  expect(ids[2]).not.toBe(ids[1]);
});
