import { afterEach, describe, expect, it, vi } from "vitest";
import { db, getDb } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { callApi } from "../../test/call-api";
import { createTestApiKey, createTestUser, createTestWorkspace } from "../../test/factories";
import { updateMemberRole } from "../members/update-member-role";
import { KEY_CACHE_MS } from "./api-key-cache";
import { revokeApiKey } from "./revoke-api-key";

afterEach(() => {
  setClock(systemClock);
  vi.restoreAllMocks();
});

const getWorkspace = (key: string) => callApi("GET", "/workspace", { key });

/** How many times the key look-up (the one raw query of authentication) reaches the database. */
function countKeyLookUps() {
  const spy = vi.spyOn(getDb(), "$queryRaw");
  return () => spy.mock.calls.filter(([query]) => String((query as TemplateStringsArray).join("?")).includes('FROM "ApiKey" k')).length;
}

describe("remembered API key look-ups", () => {
  it("looks a key up once for many requests within a few seconds, then again", async () => {
    const clock = new ManualClock(Date.UTC(2026, 2, 2, 9, 0, 0));
    setClock(clock);
    const { actor } = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    const lookUps = countKeyLookUps();

    for (let i = 0; i < 10; i++) expect((await getWorkspace(key)).status).toBe(200);
    expect(lookUps()).toBe(1);

    clock.advance(KEY_CACHE_MS);
    expect((await getWorkspace(key)).status).toBe(200);
    expect(lookUps()).toBe(2);
  });

  it("refuses a revoked key on its very next request, though it was just looked up", async () => {
    const { actor } = await createTestWorkspace();
    const { key, apiKey } = await createTestApiKey(actor);
    expect((await getWorkspace(key)).status).toBe(200);

    await revokeApiKey(actor, apiKey.id);
    const refused = await getWorkspace(key);
    expect(refused.status).toBe(401);
    expect(refused.body?.error).toEqual({ code: "unauthorized", message: "This API key was revoked." });
  });

  it("holds a key to its creator's new role on the next request after the change", async () => {
    const owner = await createTestWorkspace();
    const user = await createTestUser();
    const membership = await db.membership.create({ data: { workspaceId: owner.actor.workspaceId, userId: user.id, role: "member" } });
    const { key } = await createTestApiKey({ userId: user.id, workspaceId: owner.actor.workspaceId, role: "member", canManageBilling: false });
    expect((await callApi("GET", "/campaigns", { key })).status).toBe(200);

    await updateMemberRole(owner.actor, { memberId: membership.id, role: "approver" });
    expect(await callApi("GET", "/campaigns", { key })).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });

    await updateMemberRole(owner.actor, { memberId: membership.id, role: "member" });
    expect((await callApi("GET", "/campaigns", { key })).status).toBe(200);
  });

  it("sees a revocation made by another Herald process within a few seconds", async () => {
    const clock = new ManualClock(Date.UTC(2026, 2, 2, 10, 0, 0));
    setClock(clock);
    const { actor } = await createTestWorkspace();
    const { key, apiKey } = await createTestApiKey(actor);
    expect((await getWorkspace(key)).status).toBe(200);

    // Another process revokes: this one is not told, so only the few seconds' memory delays it.
    await db.apiKey.update({ where: { id: apiKey.id }, data: { revokedAt: clock.now() } });
    clock.advance(KEY_CACHE_MS - 1);
    expect((await getWorkspace(key)).status).toBe(200);
    clock.advance(1);
    expect((await getWorkspace(key)).status).toBe(401);
  });

  it("never remembers an unknown key: a key created afterwards with that value would be found", async () => {
    const { actor } = await createTestWorkspace();
    const lookUps = countKeyLookUps();
    expect((await getWorkspace("hk_not-a-key")).status).toBe(401);
    expect((await getWorkspace("hk_not-a-key")).status).toBe(401);
    expect(lookUps()).toBe(2);
    const { key } = await createTestApiKey(actor);
    expect((await getWorkspace(key)).status).toBe(200);
  });
});
