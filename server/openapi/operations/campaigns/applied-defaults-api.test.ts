// A campaign's steps come back with the defaults the server applies written out (an InMail's
// whenUnable, the reply and acceptance windows, the delays), over REST and tRPC, while the stored
// sequence keeps what was sent (the executor reads it with the same defaults).
import { describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import type { Actor } from "@/server/lib/actor";
import { workspace } from "@/server/test/campaigns-api";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";

const session: { actor: Actor | null } = { actor: null };
vi.mock("@/server/auth/dashboard-session", () => ({ getSessionUserId: async () => session.actor?.userId ?? null, getSessionActor: async () => session.actor }));

const steps = [
  { id: "invite", type: "invite", config: { note: "Hi" } },
  { id: "inmail", type: "inmail", parent: "invite", branch: "no", config: { subject: "Hello", text: "A question" } },
  { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks" } },
  { id: "visit", type: "visit_profile", parent: "thanks" },
];

describe("the defaults the server applied, in the campaign resource", () => {
  it("shows whenUnable, nextDelayHours and branchDelays though they were not sent, and stores the steps as sent", async () => {
    const { api, actor, userId } = await workspace();
    const created = await api.create({ name: "Defaults", sequence: { steps } });
    expect(created.status).toBe(201);
    const expected = [
      { id: "invite", branchDelays: { yes: 0, no: 14 * 24 } },
      { id: "inmail", config: expect.objectContaining({ whenUnable: "auto" }), nextDelayHours: 72 },
      { id: "thanks", nextDelayHours: 72 },
      { id: "visit", nextDelayHours: 0 },
    ].map((step) => expect.objectContaining(step));
    expect(created.body!.data.sequence.steps).toEqual(expected);
    // A reply step's window is shown once, in nextDelayHours: a shown branchDelays.no would win over
    // a later change of nextDelayHours sent back with it.
    expect(created.body!.data.sequence.steps[1].branchDelays).toBeUndefined();
    const id = created.body!.data.id as string;
    expect((await api.get(id)).body!.data.sequence.steps).toEqual(expected);
    expect((await api.list()).body!.data[0].sequence.steps).toEqual(expected);

    session.actor = actor;
    const caller = createCallerFactory(appRouter)({ userId, clientAddress: "198.51.100.7" });
    expect((await caller.campaigns.get({ id })).sequence.steps).toEqual(expected);

    const stored = (await db.campaign.findUniqueOrThrow({ where: { id } })).sequence as { steps: Array<Record<string, unknown>> };
    expect(stored.steps.map((step) => [step.nextDelayHours, step.branchDelays])).toEqual([[undefined, undefined], [undefined, undefined], [undefined, undefined], [undefined, undefined]]);
    expect((stored.steps[1]!.config as Record<string, unknown>).whenUnable).toBeUndefined();
  });
});
