import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LinkedinProviderError, type ProviderErrorCode } from "../types";
import { createUnipileClient, normalizeDsn, type UnipileClient } from "./client";
import type { UnipileRequestKind } from "./errors";
import { problem } from "../../../test/fakes/unipile/fixtures";
import { startFakeUnipile, type FakeUnipile } from "../../../test/fakes/unipile/fake-unipile";

let unipile: FakeUnipile;
let client: UnipileClient;

beforeAll(async () => {
  unipile = await startFakeUnipile();
  client = createUnipileClient({ dsn: unipile.dsn, apiKey: "key-123", timeoutMs: 2_000 });
});
afterAll(() => unipile.close());
beforeEach(() => unipile.reset());

async function failure(promise: Promise<unknown>): Promise<LinkedinProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LinkedinProviderError);
  return error as LinkedinProviderError;
}

describe("requests", () => {
  it("sends the API key, JSON and the query, leaving out empty query values", async () => {
    unipile.on("POST", "/api/v1/users/invite", { status: 201, body: { object: "UserInvitationSent", invitation_id: "1" } });
    const result = await client.request({
      method: "POST",
      path: "/api/v1/users/invite",
      query: { account_id: "acc 1", cursor: undefined, limit: 10, notify: true, empty: null },
      json: { provider_id: "ACo1" },
      kind: "action",
    });
    expect(result).toEqual({ status: 201, body: { object: "UserInvitationSent", invitation_id: "1" } });
    const [sent] = unipile.received;
    expect(sent!.headers["x-api-key"]).toBe("key-123");
    expect(sent!.headers.accept).toBe("application/json");
    expect(sent!.headers["content-type"]).toBe("application/json");
    expect(Object.fromEntries(sent!.query)).toEqual({ account_id: "acc 1", limit: "10", notify: "true" });
    expect(sent!.json).toEqual({ provider_id: "ACo1" });
  });

  it("sends multipart bodies with fetch's own boundary", async () => {
    unipile.on("POST", "/api/v1/chats", { status: 201, body: { object: "ChatStarted", chat_id: "c", message_id: "m" } });
    const form = new FormData();
    form.append("text", "Hello");
    await client.request({ method: "POST", path: "/api/v1/chats", form, kind: "action" });
    const [sent] = unipile.received;
    expect(sent!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent!.form!.get("text")).toBe("Hello");
  });

  it("answers accepted error statuses as results instead of throwing", async () => {
    unipile.on("DELETE", "/api/v1/accounts/gone", { status: 404, body: problem(404, "errors/resource_not_found") });
    const result = await client.request({ method: "DELETE", path: "/api/v1/accounts/gone", kind: "action", accept: [404] });
    expect(result.status).toBe(404);
  });

  it("fails when a success body is not JSON", async () => {
    unipile.on("GET", "/api/v1/accounts/x", { status: 200, rawBody: "<html>ok</html>" });
    const error = await failure(client.request({ method: "GET", path: "/api/v1/accounts/x", kind: "action" }));
    expect(error.code).toBe("action-failed");
  });
});

describe("normalizeDsn", () => {
  it("takes the DSN as the dashboard shows it, or as a URL", () => {
    expect(normalizeDsn("api8.unipile.com:13851")).toBe("https://api8.unipile.com:13851");
    expect(normalizeDsn("https://api8.unipile.com:13851/")).toBe("https://api8.unipile.com:13851");
    expect(normalizeDsn("https://api8.unipile.com:13851/api/v1")).toBe("https://api8.unipile.com:13851");
    expect(normalizeDsn("http://127.0.0.1:4000")).toBe("http://127.0.0.1:4000");
    expect(() => normalizeDsn(" ")).toThrow(/UNIPILE_DSN/);
  });
});

describe("error mapping", () => {
  const cases: Array<[number, string, UnipileRequestKind, ProviderErrorCode]> = [
    [401, "errors/invalid_credentials", "sign-in", "invalid-credentials"],
    [401, "errors/invalid_credentials", "action", "session-expired"],
    [401, "errors/wrong_account", "sign-in", "invalid-credentials"],
    [401, "errors/expired_credentials", "sign-in", "invalid-session"],
    [401, "errors/expired_credentials", "action", "session-expired"],
    [401, "errors/disconnected_account", "action", "session-expired"],
    [401, "errors/disconnected_feature", "action", "session-expired"],
    [401, "errors/multiple_sessions", "action", "session-expired"],
    [401, "errors/invalid_checkpoint_solution", "sign-in", "checkpoint-code-rejected"],
    [401, "errors/checkpoint_error", "sign-in", "verification-failed"],
    [401, "errors/checkpoint_error", "action", "session-expired"],
    [401, "errors/captcha_not_supported", "sign-in", "verification-required"],
    [401, "errors/invalid_proxy_credentials", "sign-in", "proxy-failed"],
    [401, "errors/missing_credentials", "sign-in", "connection-failed"],
    [401, "errors/missing_credentials", "action", "action-failed"],
    [403, "errors/account_restricted", "sign-in", "checkpoint-restricted"],
    [403, "errors/account_restricted", "action", "account-restricted"],
    [403, "errors/action_required", "action", "account-restricted"],
    [403, "errors/session_mismatch", "action", "session-expired"],
    [403, "errors/feature_not_subscribed", "action", "action-failed"],
    [404, "errors/resource_not_found", "action", "action-failed"],
    [422, "errors/already_invited_recently", "action", "already-invited"],
    [422, "errors/cannot_resend_yet", "action", "already-invited"],
    [422, "errors/cannot_resend_yet", "sign-in", "rate-limited"],
    [422, "errors/already_connected", "action", "already-connected"],
    [422, "errors/limit_exceeded", "action", "network-limit-reached"],
    [422, "errors/no_connection_with_recipient", "action", "not-connected"],
    [422, "errors/not_allowed_inmail", "action", "not-connected"],
    [422, "errors/insufficient_credits", "action", "no-inmail-credits"],
    [422, "errors/invalid_recipient", "action", "action-failed"],
    [422, "errors/provider_unreachable", "action", "provider-unreachable"],
    [429, "errors/too_many_requests", "sign-in", "rate-limited"],
    [429, "errors/too_many_requests", "action", "throttled"],
    [500, "errors/provider_error", "action", "throttled"],
    [500, "errors/provider_error", "sign-in", "connection-failed"],
    [500, "errors/authentication_intent_error", "sign-in", "checkpoint-expired"],
    [500, "errors/unexpected_error", "action", "action-failed"],
    [502, "errors/proxy_error", "sign-in", "proxy-failed"],
    [503, "errors/no_client_session", "action", "provider-unreachable"],
    [503, "errors/network_down", "sign-in", "provider-unreachable"],
    [504, "errors/request_timeout", "action", "provider-timeout"],
    // A type Unipile adds later falls back on the status.
    [429, "errors/some_future_type", "action", "throttled"],
    [503, "errors/some_future_type", "action", "provider-unreachable"],
    [400, "errors/invalid_parameters", "action", "action-failed"],
  ];

  it.each(cases)("HTTP %i %s during a %s request is %s", async (status, type, kind, code) => {
    unipile.on("POST", "/api/v1/anything", { status, body: problem(status, type, "Title", "Detail from Unipile") });
    const error = await failure(client.request({ method: "POST", path: "/api/v1/anything", json: {}, kind }));
    expect(error.code).toBe(code);
    expect(error.message).toContain(type);
    expect(error.message).toContain("Detail from Unipile");
  });

  it("marks throttling and upstream trouble retryable, refusals not", async () => {
    unipile.on("POST", "/api/v1/a", { status: 500, body: problem(500, "errors/provider_error") });
    expect((await failure(client.request({ method: "POST", path: "/api/v1/a", kind: "sign-in" }))).retryable).toBe(true);
    unipile.on("POST", "/api/v1/b", { status: 422, body: problem(422, "errors/already_invited_recently") });
    expect((await failure(client.request({ method: "POST", path: "/api/v1/b", kind: "action" }))).retryable).toBe(false);
  });

  it("reads Retry-After into retryAfterSeconds", async () => {
    unipile.on("GET", "/api/v1/x", { status: 429, body: problem(429, "errors/too_many_requests"), headers: { "retry-after": "120" } });
    const error = await failure(client.request({ method: "GET", path: "/api/v1/x", kind: "action" }));
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.retryable).toBe(true);
  });

  it("falls back on the status when the error body is not JSON", async () => {
    unipile.on("GET", "/api/v1/x", { status: 502, rawBody: "<html>Bad gateway</html>" });
    const error = await failure(client.request({ method: "GET", path: "/api/v1/x", kind: "action" }));
    expect(error.code).toBe("provider-unreachable");
  });

  it("lets a call name what a type means for it", async () => {
    unipile.on("GET", "/api/v1/users/nobody", { status: 404, body: problem(404, "errors/resource_not_found") });
    const error = await failure(
      client.request({ method: "GET", path: "/api/v1/users/nobody", kind: "action", overrides: { "errors/resource_not_found": "profile-not-found" } }),
    );
    expect(error.code).toBe("profile-not-found");
  });
});

describe("transport failures", () => {
  it("gives up on a server that never answers, as provider-timeout", async () => {
    const impatient = createUnipileClient({ dsn: unipile.dsn, apiKey: "key-123", timeoutMs: 150 });
    unipile.on("GET", "/api/v1/accounts", { status: 200, hang: true });
    const error = await failure(impatient.request({ method: "GET", path: "/api/v1/accounts", kind: "action" }));
    expect(error.code).toBe("provider-timeout");
    expect(error.retryable).toBe(true);
  });

  it("reports a closed port as provider-unreachable", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const nowhere = createUnipileClient({ dsn: `http://127.0.0.1:${port}`, apiKey: "key-123", timeoutMs: 2_000 });
    const error = await failure(nowhere.request({ method: "GET", path: "/api/v1/accounts", kind: "sign-in" }));
    expect(error.code).toBe("provider-unreachable");
    expect(error.retryable).toBe(true);
  });
});
