// A campaign's verification policy (issue 37): what its e-mail steps do with invalid and risky
// addresses, through POST/PATCH/GET /campaigns and tRPC's campaigns.update; fields left out keep
// their value, a bad value is a 400 naming the field, and a duplicate copies the policy.
import { describe, expect, it, vi } from "vitest";
import type { Actor } from "@/server/lib/actor";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";
import { workspace } from "@/server/test/campaigns-api";

const session: { actor: Actor | null } = { actor: null };
vi.mock("@/server/auth/dashboard-session", () => ({ getSessionUserId: async () => session.actor?.userId ?? null, getSessionActor: async () => session.actor }));

describe("a campaign's verification setting", () => {
  it("defaults to skipping invalid and sending risky addresses, and keeps the fields a change leaves out", async () => {
    const { api } = await workspace();
    const created = await api.create({ name: "Checked" });
    expect(created.status).toBe(201);
    const id = created.body!.data.id;
    expect(created.body!.data.verification).toEqual({ invalid: "skip", risky: "send", targetsCompanies: true });

    const patched = await api.patch(id, { verification: { risky: "skip" } });
    expect(patched.status).toBe(200);
    expect(patched.body!.data.verification).toEqual({ invalid: "skip", risky: "skip", targetsCompanies: true });
    await api.patch(id, { verification: { invalid: "send", targetsCompanies: false } });
    expect((await api.get(id)).body!.data.verification).toEqual({ invalid: "send", risky: "skip", targetsCompanies: false });
  });

  it("takes the policy on create, and refuses a value it does not know with a 400 naming the field", async () => {
    const { api } = await workspace();
    const created = await api.create({ name: "Strict", verification: { risky: "skip" } });
    expect(created.body!.data.verification).toEqual({ invalid: "skip", risky: "skip", targetsCompanies: true });
    const refused = await api.patch(created.body!.data.id, { verification: { invalid: "maybe" } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("verification.invalid");
    expect(JSON.stringify(refused.body)).toContain('must be \\"skip\\" or \\"send\\"');
    expect((await api.get(created.body!.data.id)).body!.data.verification.invalid).toBe("skip");
  });

  it("is saved through the dashboard's update and copied by a duplicate", async () => {
    const { api, userId, actor } = await workspace();
    session.actor = actor;
    const caller = createCallerFactory(appRouter)({ userId, clientAddress: "198.51.100.7" });
    const id = (await api.create({ name: "Original" })).body!.data.id;
    const updated = await caller.campaigns.update({ id, changes: { verification: { risky: "skip", targetsCompanies: false } } });
    expect(updated.verification).toEqual({ invalid: "skip", risky: "skip", targetsCompanies: false });
    const copy = await caller.campaigns.duplicate({ id });
    expect((await caller.campaigns.get({ id: copy.id })).verification).toEqual({ invalid: "skip", risky: "skip", targetsCompanies: false });
  });
});
