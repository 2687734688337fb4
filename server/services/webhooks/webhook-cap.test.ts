// Webhook endpoints per workspace had no cap (a probe created 401), and every event is delivered to
// each. Past HERALD_MAX_WEBHOOKS_PER_WORKSPACE a new one is refused with 409 in plain words, through
// REST and the dashboard's tRPC alike, also when the creations race; other workspaces are unaffected.
import { TRPCError } from "@trpc/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../../db/client";
import { resetEnv } from "../../env";
import { callApi } from "../../test/call-api";
import { createTestApiKey, createTestWorkspace } from "../../test/factories";
import { createCallerFactory } from "../../trpc/init";
import { appRouter } from "../../trpc/root";

vi.mock("../../auth/dashboard-session", async () => {
  const { resolveActor } = await import("../members/resolve-actor");
  const { getActiveWorkspaceId } = await import("../workspaces/get-active-workspace-id");
  return {
    getSessionUserId: async () => null,
    getSessionActor: async (userId: string) => resolveActor(userId, (await getActiveWorkspaceId(userId))!),
  };
});

beforeEach(() => {
  process.env.HERALD_MAX_WEBHOOKS_PER_WORKSPACE = "3";
  resetEnv();
});
afterEach(() => {
  delete process.env.HERALD_MAX_WEBHOOKS_PER_WORKSPACE;
  resetEnv();
});

const body = (n: number) => ({ url: `http://127.0.0.1:9/hook-${n}`, events: ["email.sent" as const] });

describe("the cap on webhook endpoints per workspace", () => {
  it("refuses one more over REST with 409 webhook-limit-reached, in plain words with the cap", async () => {
    const { actor } = await createTestWorkspace();
    const { key } = await createTestApiKey(actor);
    for (let n = 0; n < 3; n++) expect((await callApi("POST", "/webhooks", { key, body: body(n) })).status).toBe(201);
    const refused = await callApi("POST", "/webhooks", { key, body: body(3) });
    expect(refused.status).toBe(409);
    expect(refused.body!.error).toEqual({
      code: "webhook-limit-reached",
      message: expect.stringMatching(/already has 3 webhook endpoints, the most it may have \(3\)\. Delete one/),
      details: { limit: 3 },
    });
    expect(await db.webhookEndpoint.count({ where: { workspaceId: actor.workspaceId } })).toBe(3);

    // Another workspace has its own allowance.
    const other = await createTestWorkspace();
    const { key: otherKey } = await createTestApiKey(other.actor);
    expect((await callApi("POST", "/webhooks", { key: otherKey, body: body(9) })).status).toBe(201);
  });

  it("refuses it from the dashboard too, and holds when creations race", async () => {
    const { actor } = await createTestWorkspace();
    const caller = createCallerFactory(appRouter)({ userId: actor.userId, clientAddress: "198.51.100.7" });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => caller.webhooks.create(body(n))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    for (const result of results.filter((entry) => entry.status === "rejected")) {
      expect(result.reason).toBeInstanceOf(TRPCError);
      expect(result.reason).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("the most it may have (3)") });
    }
    expect(await db.webhookEndpoint.count({ where: { workspaceId: actor.workspaceId } })).toBe(3);
  });
});
