import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { db } from "../db/client";
import { resetEnv } from "../env";
import { HeraldError } from "../lib/errors";
import { logger } from "../lib/logger";
import { revokeApiKey } from "../services/api-keys/revoke-api-key";
import { callApi, callHandler } from "../test/call-api";
import { createTestApiKey, createTestWorkspace } from "../test/factories";
import { defineOperation } from "./api-operation";
import { apiHandler } from "./api-handler";

afterEach(() => {
  delete process.env.HERALD_API_RATE_LIMIT_PER_MINUTE;
  resetEnv();
  vi.restoreAllMocks();
});

async function workspaceWithKey(role: "owner" | "admin" | "member" = "owner") {
  const context = await createTestWorkspace({ role });
  const { key, apiKey } = await createTestApiKey(context.actor);
  return { ...context, key, apiKey };
}

describe("authentication", () => {
  it("answers 401 with the error body when the key is missing, malformed or unknown", async () => {
    const missing = await callApi("GET", "/workspace");
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: { code: "unauthorized", message: expect.stringContaining("Missing API key") } });

    const malformed = await callApi("GET", "/workspace", { headers: { authorization: "Token abc" } });
    expect(malformed.status).toBe(401);
    expect(malformed.body?.error.message).toMatch(/Malformed/);

    const unknown = await callApi("GET", "/workspace", { key: "hk_not-a-real-key" });
    expect(unknown.status).toBe(401);
    expect(unknown.body?.error.code).toBe("unauthorized");
  });

  it("accepts a valid key, records its last use, and refuses it once revoked", async () => {
    const { key, apiKey, actor, workspace } = await workspaceWithKey();
    const ok = await callApi("GET", "/workspace", { key });
    expect(ok.status).toBe(200);
    expect(ok.body?.data).toMatchObject({ id: workspace.id, name: workspace.name });
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(stored.lastUsedAt).not.toBeNull();
    expect(stored.hashedKey).not.toContain(key);

    await revokeApiKey(actor, apiKey.id);
    const revoked = await callApi("GET", "/workspace", { key });
    expect(revoked.status).toBe(401);
    expect(revoked.body?.error).toEqual({ code: "unauthorized", message: "This API key was revoked." });
  });

  it("stops a key when its creator leaves the workspace", async () => {
    const { key, actor } = await workspaceWithKey("member");
    await db.membership.delete({ where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId: actor.userId } } });
    const response = await callApi("GET", "/workspace", { key });
    expect(response.status).toBe(401);
  });
});

describe("X-Herald-Workspace", () => {
  it("selects another workspace of the key's creator and refuses one they do not belong to", async () => {
    const { key, userId } = await workspaceWithKey();
    const second = await createTestWorkspace({ userId, role: "member", name: "Second" });
    const stranger = await createTestWorkspace({ name: "Stranger's" });

    const selected = await callApi("GET", "/workspace", {
      key,
      headers: { "x-herald-workspace": second.workspace.id },
    });
    expect(selected.status).toBe(200);
    expect(selected.body?.data.name).toBe("Second");

    const refused = await callApi("GET", "/workspace", {
      key,
      headers: { "x-herald-workspace": stranger.workspace.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body?.error.code).toBe("workspace-not-allowed");
  });

  it("is ignored by operations that do not accept it", async () => {
    const { key, workspace } = await workspaceWithKey();
    const stranger = await createTestWorkspace();
    const response = await callApi("GET", "/workspaces", {
      key,
      headers: { "x-herald-workspace": stranger.workspace.id },
    });
    expect(response.status).toBe(200);
    expect(response.body?.data.map((row: { workspaceId: string }) => row.workspaceId)).toEqual([workspace.id]);
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another workspace, exactly as for one that does not exist", async () => {
    const a = await workspaceWithKey();
    const b = await createTestWorkspace({ name: "Workspace B" });
    const other = await callApi("GET", `/workspaces/${b.workspace.id}`, {
      key: a.key,
    });
    const missing = await callApi("GET", "/workspaces/wsp_missing", {
      key: a.key,
    });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect(JSON.stringify(other.body)).not.toContain("Workspace B");

    const own = await callApi("GET", `/workspaces/${a.workspace.id}`, {
      key: a.key,
    });
    expect(own.status).toBe(200);
  });
});

describe("pagination", () => {
  it("defaults to limit 50 offset 0 and reports total", async () => {
    const { key } = await workspaceWithKey();
    const response = await callApi("GET", "/workspaces", { key });
    expect(response.status).toBe(200);
    expect(response.body?.paging).toEqual({ limit: 50, offset: 0, total: 1 });
  });

  it.each([
    [{ limit: 0 }, "limit"],
    [{ limit: 101 }, "limit"],
    [{ limit: "ten" }, "limit"],
    [{ limit: 2.5 }, "limit"],
    [{ offset: -1 }, "offset"],
  ])("rejects %o naming the field", async (query, field) => {
    const { key } = await workspaceWithKey();
    const response = await callApi("GET", "/workspaces", { key, query });
    expect(response.status).toBe(400);
    expect(response.body?.error.code).toBe("invalid-input");
    expect(response.body?.error.details.fields).toEqual([{ field, message: expect.any(String) }]);
  });
});

describe("request bodies", () => {
  it("names each invalid field", async () => {
    const { key } = await workspaceWithKey();
    const response = await callApi("PATCH", "/workspace", {
      key,
      body: { name: "", bypassWeeklyInvitationLimit: "yes" },
    });
    expect(response.status).toBe(400);
    const fields = response.body?.error.details.fields.map((issue: { field: string }) => issue.field).sort();
    expect(fields).toEqual(["bypassWeeklyInvitationLimit", "name"]);
  });

  it("refuses malformed JSON and other content types with a 400", async () => {
    const { key } = await workspaceWithKey();
    const broken = await callApi("PATCH", "/workspace", {
      key,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(broken.body?.error.details.fields[0].field).toBe("body");
    const form = await callApi("PATCH", "/workspace", {
      key,
      rawBody: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(400);
  });

  it("applies a valid change and enforces roles (403 for members)", async () => {
    const owner = await workspaceWithKey("owner");
    const changed = await callApi("PATCH", "/workspace", {
      key: owner.key,
      body: { bypassWeeklyInvitationLimit: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body?.data.settings.bypassWeeklyInvitationLimit).toBe(true);

    const member = await workspaceWithKey("member");
    const refused = await callApi("PATCH", "/workspace", { key: member.key, body: { name: "New" } });
    expect(refused.status).toBe(403);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: member.workspace.id } })).name).toBe("Test workspace");
  });
});

describe("Idempotency-Key", () => {
  const counterOperation = defineOperation({
    operationId: "testCounter",
    method: "post",
    path: "/test-counter",
    summary: "test",
    tags: ["Test"],
    body: z.object({ amount: z.number().int() }),
    response: z.object({ data: z.object({ call: z.number(), amount: z.number() }) }),
    successStatus: 201,
  });

  function countingRoute(fail?: (call: number) => Error | undefined) {
    let calls = 0;
    const handler = apiHandler(counterOperation, async ({ body }) => {
      calls += 1;
      const error = fail?.(calls);
      if (error) throw error;
      return { data: { call: calls, amount: body.amount } };
    });
    return { handler, calls: () => calls };
  }

  it("replays the first response for the same key and body, without acting again", async () => {
    const { key } = await workspaceWithKey();
    const route = countingRoute();
    const options = { key, body: { amount: 5 }, headers: { "idempotency-key": "order-42" } };
    const first = await callHandler(route.handler, "POST", "/test-counter", options);
    const second = await callHandler(route.handler, "POST", "/test-counter", options);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(route.calls()).toBe(1);
  });

  it("answers 409 when the same key comes with a different body", async () => {
    const { key } = await workspaceWithKey();
    const route = countingRoute();
    await callHandler(route.handler, "POST", "/test-counter", { key, body: { amount: 5 }, headers: { "idempotency-key": "k1" } });
    const reused = await callHandler(route.handler, "POST", "/test-counter", {
      key,
      body: { amount: 6 },
      headers: { "idempotency-key": "k1" },
    });
    expect(reused.status).toBe(409);
    expect(reused.body?.error.code).toBe("idempotency-key-reused");
    expect(route.calls()).toBe(1);
  });

  it("keeps keys per API key, so two keys may use the same value", async () => {
    const a = await workspaceWithKey();
    const b = await workspaceWithKey();
    const route = countingRoute();
    await callHandler(route.handler, "POST", "/test-counter", { key: a.key, body: { amount: 1 }, headers: { "idempotency-key": "same" } });
    await callHandler(route.handler, "POST", "/test-counter", { key: b.key, body: { amount: 1 }, headers: { "idempotency-key": "same" } });
    expect(route.calls()).toBe(2);
  });

  it("rejects keys longer than 255 characters", async () => {
    const { key } = await workspaceWithKey();
    const route = countingRoute();
    const response = await callHandler(route.handler, "POST", "/test-counter", {
      key,
      body: { amount: 1 },
      headers: { "idempotency-key": "x".repeat(256) },
    });
    expect(response.status).toBe(400);
    expect(response.body?.error.details.fields[0].field).toBe("Idempotency-Key");
    expect(route.calls()).toBe(0);
  });

  it("replays a final error but lets a retry run again after a 500", async () => {
    const { key } = await workspaceWithKey();
    const conflicting = countingRoute(() => new HeraldError({ code: "list-in-use", message: "already there" }));
    const options = { key, body: { amount: 1 }, headers: { "idempotency-key": "final" } };
    expect((await callHandler(conflicting.handler, "POST", "/test-counter", options)).status).toBe(409);
    expect((await callHandler(conflicting.handler, "POST", "/test-counter", options)).status).toBe(409);
    expect(conflicting.calls()).toBe(1);

    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const flaky = countingRoute((call) => (call === 1 ? new Error("database went away") : undefined));
    const retryOptions = { key, body: { amount: 2 }, headers: { "idempotency-key": "flaky" } };
    expect((await callHandler(flaky.handler, "POST", "/test-counter", retryOptions)).status).toBe(500);
    const retried = await callHandler(flaky.handler, "POST", "/test-counter", retryOptions);
    expect(retried.status).toBe(201);
    expect(flaky.calls()).toBe(2);
  });
});

describe("errors", () => {
  it("sends a generic 500 and logs the cause", async () => {
    const { key } = await workspaceWithKey();
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const operation = defineOperation({
      operationId: "testBoom",
      method: "get",
      path: "/boom",
      summary: "test",
      tags: ["Test"],
      response: z.object({}),
    });
    const handler = apiHandler(operation, async () => {
      throw new Error("secret connection string postgres://user:pw@db");
    });
    const response = await callHandler(handler, "GET", "/boom", { key });
    expect(response.status).toBe(500);
    expect(response.body?.error.code).toBe("internal");
    expect(JSON.stringify(response.body)).not.toContain("postgres://");
    expect(logged).toHaveBeenCalledWith("API request failed", expect.objectContaining({ error: expect.any(Error) }));
  });

  it.each([
    [new HeraldError({ code: "forbidden", message: "no" }), 403],
    [HeraldError.notFound("Thing"), 404],
    [new HeraldError({ code: "list-in-use", message: "busy" }), 409],
    [new HeraldError({ code: "not-in-pool", message: "cannot" }), 422],
  ])("maps %s to %i", async (error, status) => {
    const { key } = await workspaceWithKey();
    const operation = defineOperation({ operationId: "t", method: "get", path: "/t", summary: "t", tags: ["T"], response: z.object({}) });
    const response = await callHandler(apiHandler(operation, async () => { throw error; }), "GET", "/t", { key });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error: { code: error.code, message: error.message } });
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After once a key exceeds its per-minute budget", async () => {
    process.env.HERALD_API_RATE_LIMIT_PER_MINUTE = "3";
    resetEnv();
    const { key } = await workspaceWithKey();
    const statuses: number[] = [];
    let last;
    for (let index = 0; index < 4; index++) {
      last = await callApi("GET", "/workspace", { key });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.body?.error.code).toBe("rate-limited");
    const retryAfter = Number(last!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");

    const otherKey = await workspaceWithKey();
    expect((await callApi("GET", "/workspace", { key: otherKey.key })).status).toBe(200);
  });
});
