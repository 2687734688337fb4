import { describe, expect, it } from "vitest";
import type { ProviderCheckpoint } from "../types";
import {
  ACCOUNT_ID,
  OWN_MEMBER_ID,
  account,
  accountCreated,
  accountDeleted,
  accountReconnected,
  checkpointAnswer,
  checkpointResent,
  hostedLink,
  ownProfile,
  problem,
} from "../../../test/fakes/unipile/fixtures";
import { API_KEY, providerError, withFakeUnipile } from "../../../test/fakes/unipile/harness";

const h = withFakeUnipile();

function signedIn() {
  h.unipile.on("GET", "/api/v1/users/me", { status: 200, body: ownProfile });
}

describe("connecting with a password", () => {
  it("posts the credentials with the API key and returns the sender's identity", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 201, body: accountCreated });
    signedIn();
    const result = await h.provider.connectWithPassword({ username: "julien@example.com", password: "s3cret", country: "fr" });

    const [connect] = h.unipile.requests("POST", "/api/v1/accounts");
    expect(connect!.headers["x-api-key"]).toBe(API_KEY);
    expect(connect!.json).toEqual({ provider: "LINKEDIN", username: "julien@example.com", password: "s3cret", country: "FR" });
    const [me] = h.unipile.requests("GET", "/api/v1/users/me");
    expect(me!.query.get("account_id")).toBe(ACCOUNT_ID);
    expect(result).toEqual({
      status: "connected",
      identity: {
        providerAccountId: ACCOUNT_ID,
        memberId: OWN_MEMBER_ID,
        fullName: "Julien Crepieux",
        firstName: "Julien",
        lastName: "Crepieux",
        headline: "Co-founder & CEO at Unipile",
        publicIdentifier: "julien-crepieux",
        profileUrl: "https://www.linkedin.com/in/julien-crepieux",
        profilePicture: "https://media.licdn.com/dms/image/v2/julien.jpg",
        isPremium: true,
        plan: "sales_navigator",
        isVerified: false,
      },
    });
  });

  it("sends Herald's proxy URL as Unipile's proxy object, without a country", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 201, body: accountCreated });
    signedIn();
    await h.provider.connectWithPassword({
      username: "julien@example.com",
      password: "s3cret",
      country: "FR",
      proxy: { url: "socks5://proxy%20user:p%40ss@proxy.example.com:1085" },
    });
    const [connect] = h.unipile.requests("POST", "/api/v1/accounts");
    expect(connect!.json).toEqual({
      provider: "LINKEDIN",
      username: "julien@example.com",
      password: "s3cret",
      proxy: { protocol: "socks5", host: "proxy.example.com", port: 1085, username: "proxy user", password: "p@ss" },
    });
  });

  it("refuses a proxy protocol Unipile does not take, before calling it", async () => {
    const error = await providerError(h.provider.connectWithPassword({ username: "u", password: "p", proxy: { url: "socks4://proxy.example.com:1080" } }));
    expect(error.code).toBe("proxy-failed");
    expect(error.message).toContain("socks4");
    expect(h.unipile.received).toHaveLength(0);
  });

  it("maps a wrong password, a restricted account and throttling", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 401, body: problem(401, "errors/invalid_credentials", "Invalid credentials") });
    expect((await providerError(h.provider.connectWithPassword({ username: "u", password: "bad" }))).code).toBe("invalid-credentials");
    h.unipile.on("POST", "/api/v1/accounts", { status: 403, body: problem(403, "errors/account_restricted") });
    expect((await providerError(h.provider.connectWithPassword({ username: "u", password: "p" }))).code).toBe("checkpoint-restricted");
    h.unipile.on("POST", "/api/v1/accounts", { status: 429, body: problem(429, "errors/too_many_requests") });
    expect((await providerError(h.provider.connectWithPassword({ username: "u", password: "p" }))).code).toBe("rate-limited");
  });
});

describe("connecting with a cookie", () => {
  it("sends li_at as access_token with the browser's user agent", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 201, body: accountCreated });
    signedIn();
    const result = await h.provider.connectWithCookie({ liAt: "AQEDAXv5k8c9", userAgent: "Mozilla/5.0 Test", country: "de" });
    const [connect] = h.unipile.requests("POST", "/api/v1/accounts");
    expect(connect!.json).toEqual({ provider: "LINKEDIN", access_token: "AQEDAXv5k8c9", user_agent: "Mozilla/5.0 Test", country: "DE" });
    expect(result.status).toBe("connected");
  });

  it("calls a rejected cookie an invalid session", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 401, body: problem(401, "errors/invalid_credentials") });
    expect((await providerError(h.provider.connectWithCookie({ liAt: "dead", userAgent: "UA" }))).code).toBe("invalid-session");
    h.unipile.on("POST", "/api/v1/accounts", { status: 401, body: problem(401, "errors/expired_credentials") });
    expect((await providerError(h.provider.connectWithCookie({ liAt: "old", userAgent: "UA" }))).code).toBe("invalid-session");
  });
});

describe("checkpoints", () => {
  const cases: Array<[string, Record<string, unknown>, ProviderCheckpoint]> = [
    ["2FA by SMS", { type: "2FA", source: "SMS" }, { type: "2FA", input: "code", canResend: true, canTryAnotherWay: true }],
    ["2FA by app", { type: "2FA", source: "APP" }, { type: "2FA", input: "code", canResend: false, canTryAnotherWay: true }],
    ["OTP", { type: "OTP" }, { type: "OTP", input: "code", canResend: true, canTryAnotherWay: true }],
    ["in-app validation", { type: "IN_APP_VALIDATION" }, { type: "IN_APP_VALIDATION", input: "none", canResend: true, canTryAnotherWay: true }],
    ["phone registration", { type: "PHONE_REGISTER" }, { type: "PHONE_REGISTER", input: "phone", canResend: false, canTryAnotherWay: false }],
    [
      "captcha",
      { type: "CAPTCHA", public_key: "3117BF26-4762-4F5A-8ED9-A85E69209A46", data: "arkose-blob" },
      { type: "CAPTCHA", input: "hosted", canResend: false, canTryAnotherWay: false, hostedUrl: null },
    ],
  ];

  it.each(cases)("maps Unipile's %s checkpoint", async (_name, checkpoint, expected) => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 202, body: checkpointAnswer(checkpoint) });
    const result = await h.provider.connectWithPassword({ username: "u", password: "p" });
    expect(result).toEqual({ status: "checkpoint", providerAccountId: ACCOUNT_ID, checkpoint: expected });
    expect(h.unipile.requests("GET", "/api/v1/users/me")).toHaveLength(0);
  });

  it("refuses a checkpoint Herald cannot answer", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 202, body: checkpointAnswer({ type: "CONTRACT_CHOOSER", contract_options: [] }) });
    expect((await providerError(h.provider.connectWithPassword({ username: "u", password: "p" }))).code).toBe("unsupported-verification");
  });

  it("solves a code checkpoint", async () => {
    h.unipile.on("POST", "/api/v1/accounts/checkpoint", { status: 201, body: accountCreated });
    signedIn();
    const result = await h.provider.solveCheckpoint(ACCOUNT_ID, { code: " 123456 " });
    expect(h.unipile.requests("POST", "/api/v1/accounts/checkpoint")[0]!.json).toEqual({ account_id: ACCOUNT_ID, provider: "LINKEDIN", code: "123456" });
    expect(result.status).toBe("connected");
  });

  it("sends a phone number in Unipile's (+code)number form", async () => {
    h.unipile.on("POST", "/api/v1/accounts/checkpoint", { status: 202, body: checkpointAnswer({ type: "OTP" }) });
    const result = await h.provider.solveCheckpoint(ACCOUNT_ID, { phone: "+33 6 12 34 56 78" });
    expect(h.unipile.requests("POST", "/api/v1/accounts/checkpoint")[0]!.json).toMatchObject({ code: "(+33)612345678" });
    // LinkedIn chains the code it then texts: a new checkpoint, not a failure.
    expect(result).toEqual({ status: "checkpoint", providerAccountId: ACCOUNT_ID, checkpoint: expect.objectContaining({ type: "OTP" }) });
  });

  it("rejects an answer without a code or phone, and maps a wrong code", async () => {
    expect((await providerError(h.provider.solveCheckpoint(ACCOUNT_ID, {}))).code).toBe("verification-failed");
    h.unipile.on("POST", "/api/v1/accounts/checkpoint", { status: 401, body: problem(401, "errors/invalid_checkpoint_solution") });
    expect((await providerError(h.provider.solveCheckpoint(ACCOUNT_ID, { code: "000000" }))).code).toBe("checkpoint-code-rejected");
    h.unipile.on("POST", "/api/v1/accounts/checkpoint", { status: 500, body: problem(500, "errors/authentication_intent_error") });
    expect((await providerError(h.provider.solveCheckpoint(ACCOUNT_ID, { code: "111111" }))).code).toBe("checkpoint-expired");
  });

  it("asks Unipile for another way with TRY_ANOTHER_WAY", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 202, body: checkpointAnswer({ type: "IN_APP_VALIDATION" }) });
    await h.provider.connectWithPassword({ username: "u", password: "p" });
    h.unipile.on("POST", "/api/v1/accounts/checkpoint", { status: 202, body: checkpointAnswer({ type: "2FA", source: "SMS" }) });
    const checkpoint = await h.provider.tryAnotherWay(ACCOUNT_ID);
    expect(h.unipile.requests("POST", "/api/v1/accounts/checkpoint")[0]!.json).toEqual({ account_id: ACCOUNT_ID, provider: "LINKEDIN", code: "TRY_ANOTHER_WAY" });
    expect(checkpoint).toEqual({ type: "2FA", input: "code", canResend: true, canTryAnotherWay: true });
  });

  it("resends the pending checkpoint and returns it", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 202, body: checkpointAnswer({ type: "OTP" }) });
    await h.provider.connectWithPassword({ username: "u", password: "p" });
    h.unipile.on("POST", "/api/v1/accounts/checkpoint/resend", { status: 200, body: checkpointResent });
    const checkpoint = await h.provider.resendCheckpoint(ACCOUNT_ID);
    expect(h.unipile.requests("POST", "/api/v1/accounts/checkpoint/resend")[0]!.json).toEqual({ account_id: ACCOUNT_ID, provider: "LINKEDIN" });
    expect(checkpoint.type).toBe("OTP");

    h.unipile.on("POST", "/api/v1/accounts/checkpoint/resend", { status: 422, body: problem(422, "errors/cannot_resend_yet") });
    expect((await providerError(h.provider.resendCheckpoint(ACCOUNT_ID))).code).toBe("rate-limited");
  });

  it("resends nothing when no checkpoint is pending, or when it cannot be resent", async () => {
    expect((await providerError(h.provider.resendCheckpoint(ACCOUNT_ID))).code).toBe("checkpoint-expired");
    h.unipile.on("POST", "/api/v1/accounts", { status: 202, body: checkpointAnswer({ type: "PHONE_REGISTER" }) });
    await h.provider.connectWithPassword({ username: "u", password: "p" });
    expect((await providerError(h.provider.resendCheckpoint(ACCOUNT_ID))).code).toBe("verification-failed");
    expect(h.unipile.requests("POST", "/api/v1/accounts/checkpoint/resend")).toHaveLength(0);
  });

  it("forgets a pending checkpoint after Unipile's five-minute window", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 202, body: checkpointAnswer({ type: "OTP" }) });
    await h.provider.connectWithPassword({ username: "u", password: "p" });
    h.clock.advance(5 * 60_000);
    expect((await providerError(h.provider.resendCheckpoint(ACCOUNT_ID))).code).toBe("checkpoint-expired");
  });

  it("completes an in-app validation once Unipile runs the account", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 202, body: checkpointAnswer({ type: "IN_APP_VALIDATION" }) });
    await h.provider.connectWithPassword({ username: "u", password: "p" });

    h.unipile.on("GET", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 404, body: problem(404, "errors/resource_not_found") });
    expect(await h.provider.checkCheckpoint(ACCOUNT_ID)).toEqual({
      status: "checkpoint",
      providerAccountId: ACCOUNT_ID,
      checkpoint: expect.objectContaining({ type: "IN_APP_VALIDATION" }),
    });

    h.unipile.on("GET", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 200, body: account(["OK"]) });
    signedIn();
    const done = await h.provider.checkCheckpoint(ACCOUNT_ID);
    expect(done).toMatchObject({ status: "connected", identity: { providerAccountId: ACCOUNT_ID, memberId: OWN_MEMBER_ID } });
    // Done means forgotten: nothing is left to resend.
    expect((await providerError(h.provider.resendCheckpoint(ACCOUNT_ID))).code).toBe("checkpoint-expired");
  });

  it("says when a checked sign-in is unknown, or still starting", async () => {
    h.unipile.on("GET", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 404, body: problem(404, "errors/resource_not_found") });
    expect((await providerError(h.provider.checkCheckpoint(ACCOUNT_ID))).code).toBe("checkpoint-expired");
    h.unipile.on("GET", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 200, body: account(["CONNECTING"]) });
    const starting = await providerError(h.provider.checkCheckpoint(ACCOUNT_ID));
    expect(starting.code).toBe("provider-timeout");
    expect(starting.retryable).toBe(true);
  });
});

describe("reading the new sender's identity", () => {
  it("waits for Unipile to start the session", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 201, body: accountCreated });
    let calls = 0;
    h.unipile.on("GET", "/api/v1/users/me", () =>
      ++calls === 1 ? { status: 503, body: problem(503, "errors/no_client_session") } : { status: 200, body: ownProfile },
    );
    const result = await h.provider.connectWithPassword({ username: "u", password: "p" });
    expect(result.status).toBe("connected");
    expect(calls).toBe(2);
  });

  it("names the Unipile account when it gives up, so the sign-in can be finished later", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 201, body: accountCreated });
    h.unipile.on("GET", "/api/v1/users/me", { status: 503, body: problem(503, "errors/no_client_session") });
    const error = await providerError(h.provider.connectWithPassword({ username: "u", password: "p" }));
    expect(error.code).toBe("connection-failed");
    expect(error.retryable).toBe(true);
    expect(error.message).toContain(ACCOUNT_ID);
    expect(h.unipile.requests("GET", "/api/v1/users/me")).toHaveLength(3);
  });

  it("fails on a profile answer of an unexpected shape", async () => {
    h.unipile.on("POST", "/api/v1/accounts", { status: 201, body: accountCreated });
    h.unipile.on("GET", "/api/v1/users/me", { status: 200, body: { object: "AccountOwnerProfile" } });
    expect((await providerError(h.provider.connectWithPassword({ username: "u", password: "p" }))).message).toContain("provider_id");
  });
});

describe("hosted sign-in links", () => {
  const base = {
    linkId: "hl_123",
    expiresAt: new Date("2026-01-05T12:30:00.000Z"),
    notifyUrl: "https://herald.example.com/api/providers/unipile/hosted/hl_123",
    successUrl: "https://herald.example.com/accounts?connected=1",
    failureUrl: "https://herald.example.com/accounts?failed=1",
  };

  it("creates a link for a new sender", async () => {
    h.unipile.on("POST", "/api/v1/hosted/accounts/link", { status: 201, body: hostedLink });
    const link = await h.provider.createHostedAuthLink({ ...base, kind: "create" });
    expect(link).toEqual({ url: hostedLink.url });
    expect(h.unipile.requests("POST", "/api/v1/hosted/accounts/link")[0]!.json).toEqual({
      type: "create",
      providers: ["LINKEDIN"],
      api_url: h.unipile.dsn,
      expiresOn: "2026-01-05T12:30:00.000Z",
      name: "hl_123",
      notify_url: base.notifyUrl,
      success_redirect_url: base.successUrl,
      failure_redirect_url: base.failureUrl,
    });
  });

  it("creates a reconnect link for an existing account, which it requires", async () => {
    h.unipile.on("POST", "/api/v1/hosted/accounts/link", { status: 201, body: hostedLink });
    await h.provider.createHostedAuthLink({ ...base, kind: "reconnect", reconnectProviderAccountId: ACCOUNT_ID });
    expect(h.unipile.requests("POST", "/api/v1/hosted/accounts/link")[0]!.json).toMatchObject({ type: "reconnect", reconnect_account: ACCOUNT_ID });
    expect((await providerError(h.provider.createHostedAuthLink({ ...base, kind: "reconnect" }))).message).toContain("reconnectProviderAccountId");
  });
});

describe("reconnecting", () => {
  it("posts a fresh cookie to the existing account", async () => {
    h.unipile.on("POST", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 201, body: accountReconnected });
    signedIn();
    const result = await h.provider.reconnectWithCookie(ACCOUNT_ID, { liAt: "AQEDnew", userAgent: "Mozilla/5.0 Test" });
    expect(h.unipile.requests("POST", `/api/v1/accounts/${ACCOUNT_ID}`)[0]!.json).toEqual({
      provider: "LINKEDIN",
      access_token: "AQEDnew",
      user_agent: "Mozilla/5.0 Test",
    });
    expect(result).toMatchObject({ status: "connected", identity: { providerAccountId: ACCOUNT_ID } });
  });

  it("posts a password to the existing account, and passes on its checkpoint", async () => {
    h.unipile.on("POST", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 202, body: checkpointAnswer({ type: "OTP" }) });
    const result = await h.provider.reconnectWithPassword(ACCOUNT_ID, { username: "u", password: "p" });
    expect(h.unipile.requests("POST", `/api/v1/accounts/${ACCOUNT_ID}`)[0]!.json).toEqual({ provider: "LINKEDIN", username: "u", password: "p" });
    expect(result.status).toBe("checkpoint");
  });
});

describe("account state", () => {
  it.each([
    [["OK"], "ok"],
    [["CONNECTING"], "ok"],
    [["CREDENTIALS"], "credentials"],
    [["ERROR"], "disconnected"],
    [["STOPPED"], "disconnected"],
    [["PERMISSIONS"], "restricted"],
    [["OK", "CREDENTIALS"], "credentials"],
    [[], "disconnected"],
  ])("reads sources %j as %s", async (statuses, state) => {
    h.unipile.on("GET", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 200, body: account(statuses) });
    expect(await h.provider.getAccountState(ACCOUNT_ID)).toBe(state);
  });

  it("reads an account Unipile does not know as disconnected", async () => {
    h.unipile.on("GET", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 404, body: problem(404, "errors/resource_not_found") });
    expect(await h.provider.getAccountState(ACCOUNT_ID)).toBe("disconnected");
  });

  it("reads a reconnection waiting on a checkpoint as checkpoint", async () => {
    h.unipile.on("POST", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 202, body: checkpointAnswer({ type: "2FA", source: "APP" }) });
    await h.provider.reconnectWithPassword(ACCOUNT_ID, { username: "u", password: "p" });
    h.unipile.on("GET", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 200, body: account(["CREDENTIALS"]) });
    expect(await h.provider.getAccountState(ACCOUNT_ID)).toBe("checkpoint");
  });
});

describe("disconnecting", () => {
  it("deletes the account, and takes an account already gone as done", async () => {
    h.unipile.on("DELETE", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 200, body: accountDeleted });
    await h.provider.disconnect(ACCOUNT_ID);
    h.unipile.on("DELETE", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 404, body: problem(404, "errors/resource_not_found") });
    await h.provider.disconnect(ACCOUNT_ID);
    expect(h.unipile.requests("DELETE", `/api/v1/accounts/${ACCOUNT_ID}`)).toHaveLength(2);
  });
});
