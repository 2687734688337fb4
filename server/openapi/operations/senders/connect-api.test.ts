import * as OTPAuth from "otpauth";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { setLinkedinProvider } from "@/server/providers/linkedin";
import { createSandboxProvider } from "@/server/providers/linkedin/sandbox/sandbox-provider";
import { SANDBOX_TOTP_SECRET, SANDBOX_VERIFICATION_CODE } from "@/server/providers/linkedin/sandbox/sign-in-rules";
import { approveSandboxSignInFor } from "@/server/services/sandbox/act-as-prospect";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace, outboxEvents } from "@/server/test/factories";

afterEach(() => {
  setClock(systemClock);
  setLinkedinProvider(undefined);
});

async function keyFor(options: { seatLimit?: number } = {}) {
  const context = await createTestWorkspace();
  if (options.seatLimit !== undefined) await db.workspace.update({ where: { id: context.workspace.id }, data: { seatLimit: options.seatLimit } });
  const { key } = await createTestApiKey(context.actor);
  return { ...context, key };
}

let counter = 0;
/** A fresh member for each test: the suffix goes into the name, before any +tag. */
function unique(username: string) {
  counter += 1;
  const suffix = `${counter}${Math.random().toString(36).slice(2, 6)}`;
  return username.replace(/^([^+@]+)/, `$1.${suffix}`);
}

async function connect(key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return callApi("POST", "/accounts", { key, body, headers });
}

async function seatsUsed(key: string) {
  return (await callApi("GET", "/workspace", { key })).body!.data.seats.used as number;
}

describe("connecting a sender", () => {
  it("signs in by password: connected, one seat, account.connected with the full sender, credentials never returned", async () => {
    const { key, workspace } = await keyFor();
    const response = await connect(key, { username: unique("ada.lovelace@example.com"), password: "s3cret-pass", label: "Ada" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "connected", data: { label: "Ada", status: "active", connectionStatus: "connected", connectionMethod: "password", connectedVia: "api" } });
    const account = response.body!.data;
    expect(account.firstName).toBe("Ada");
    expect(account.limits.daily.invitations).toBeGreaterThan(0);
    expect(account.usage.day.invitations).toBe(0);
    expect(JSON.stringify(response.body)).not.toContain("s3cret-pass");
    const stored = await db.linkedinAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(stored.credentialsEncrypted).not.toContain("s3cret-pass");
    expect(await seatsUsed(key)).toBe(1);
    const events = await outboxEvents(workspace.id, "account.connected");
    expect(events).toHaveLength(1);
    expect(events[0]!.data.account).toMatchObject({ id: account.id, status: "active", publicIdentifier: account.publicIdentifier });
  });

  it("signs in by session cookie", async () => {
    const { key } = await keyFor();
    const response = await connect(key, { liAt: `grace.hopper${Math.random().toString(36).slice(2, 6)}+premium`, userAgent: "Mozilla/5.0 Test" });
    expect(response.body).toMatchObject({ status: "connected", data: { connectionMethod: "cookie", isPremium: true, linkedinPlan: "premium" } });
    expect(response.body!.data.inmailCredits.balance).toBeGreaterThan(0);
  });

  it.each([
    [{ password: "wrong-password" }, "ada@example.com", 400, "invalid-credentials"],
    [{}, "ada+restricted@example.com", 400, "checkpoint-restricted"],
    [{}, "ada+verification@example.com", 400, "verification-required"],
    [{}, "ada+ratelimited@example.com", 429, "rate-limited"],
    [{}, "ada+timeout@example.com", 503, "provider-timeout"],
    [{}, "ada+unreachable@example.com", 503, "provider-unreachable"],
    [{ proxy: "http://user:pass@fail.proxy.test:8080" }, "ada@example.com", 400, "proxy-failed"],
    [{ totpSecret: "not base32!" }, "ada+2fa@example.com", 400, "invalid-totp-secret"],
    [{ totpSecret: SANDBOX_TOTP_SECRET }, "ada+otp@example.com", 400, "unsupported-verification"],
    [{ totpSecret: "KRSXG5CTMVRXEZLU" }, "ada+2fa@example.com", 400, "checkpoint-code-rejected"],
    // Automatic login: every failure is a 400 with the code, even the ones that are worth a retry.
    [{ totpSecret: SANDBOX_TOTP_SECRET }, "ada+ratelimited@example.com", 400, "rate-limited"],
    [{ totpSecret: SANDBOX_TOTP_SECRET }, "ada+timeout@example.com", 400, "provider-timeout"],
    [{ totpSecret: SANDBOX_TOTP_SECRET }, "ada+unreachable@example.com", 400, "provider-unreachable"],
    [{ totpSecret: SANDBOX_TOTP_SECRET }, "ada+restricted@example.com", 400, "checkpoint-restricted"],
  ])("refuses %o for %s with %i %s, leaving no sender and firing connection_failed with the sender", async (extra, username, status, code) => {
    const { key, workspace } = await keyFor();
    const response = await connect(key, { username: unique(username), password: "any-password", ...extra });
    expect(response.status).toBe(status);
    expect(response.body?.error.code).toBe(code);
    if (status === 429 || status === 503) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    else expect(response.headers.get("retry-after")).toBeNull();
    expect(await db.linkedinAccount.count({ where: { workspaceId: workspace.id } })).toBe(0);
    const failed = await outboxEvents(workspace.id, "account.connection_failed");
    expect(failed.map((event) => event.data.error.code)).toEqual([code]);
    expect(failed[0]!.data.account).toMatchObject({ id: expect.stringMatching(/^acc_/), status: "error", connectionMethod: "password", connectedVia: "api" });
    expect(failed[0]!.data.account.error).toBe(response.body?.error.message);
  });

  it("refuses a rejected session cookie with invalid-session", async () => {
    const { key } = await keyFor();
    const response = await connect(key, { liAt: "expired", userAgent: "Mozilla/5.0" });
    expect(response.body?.error.code).toBe("invalid-session");
  });

  it("reports anything unexpected as connection-failed with the reason", async () => {
    const { key } = await keyFor();
    const sandbox = createSandboxProvider({ publicUrl: () => "http://herald.test" });
    setLinkedinProvider({ ...sandbox, connectWithPassword: async () => Promise.reject(new Error("socket hang up")) });
    const response = await connect(key, { username: unique("ada@example.com"), password: "x" });
    expect(response.status).toBe(400);
    expect(response.body?.error).toMatchObject({ code: "connection-failed", message: expect.stringContaining("socket hang up") });
  });

  it("logs in without interaction with totpSecret, using real authenticator codes", async () => {
    const clock = new ManualClock("2026-05-04T10:00:07Z");
    setClock(clock);
    const { key } = await keyFor();
    const response = await connect(key, { username: unique("linus+2fa@example.com"), password: "pw", totpSecret: "jbsw y3dp ehpk 3pxp" });
    expect(response.status).toBe(200);
    expect(response.body?.status).toBe("connected");
    // The code the sandbox accepted is the RFC 6238 code at the clock's time.
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(SANDBOX_TOTP_SECRET) });
    expect(totp.validate({ token: totp.generate({ timestamp: clock.now().getTime() }), timestamp: clock.now().getTime() })).toBe(0);
  });

  it("enforces seats: no-plan, seat-limit-reached, already-connected, all 409, each event carrying the attempted sender", async () => {
    const none = await keyFor({ seatLimit: 0 });
    expect((await connect(none.key, { username: unique("a@example.com"), password: "x", label: "Ann", timezone: "Europe/Paris" })).body?.error.code).toBe("no-plan");
    const [noPlan] = await outboxEvents(none.workspace.id, "account.connection_failed");
    expect(noPlan!.data).toMatchObject({
      error: { code: "no-plan" },
      account: { id: expect.stringMatching(/^acc_/), label: "Ann", timezone: "Europe/Paris", status: "error", connectionStatus: "connecting", checkpoint: null },
    });
    expect(JSON.stringify(noPlan!.data)).not.toContain("credentials");

    const one = await keyFor({ seatLimit: 1 });
    const username = unique("bob@example.com");
    expect((await connect(one.key, { username, password: "x" })).status).toBe(200);
    const full = await connect(one.key, { username: unique("carol@example.com"), password: "x" });
    expect(full).toMatchObject({ status: 409, body: { error: { code: "seat-limit-reached" } } });
    const seatLimit = (await outboxEvents(one.workspace.id, "account.connection_failed")).at(-1)!;
    expect(seatLimit.data).toMatchObject({ error: { code: "seat-limit-reached" }, account: { status: "error", connectionMethod: "password", usage: { day: { invitations: 0 } } } });

    const other = await keyFor();
    const again = await connect(other.key, { username, password: "x" });
    expect(again).toMatchObject({ status: 409, body: { error: { code: "already-connected" } } });
    expect(await db.linkedinAccount.count({ where: { workspaceId: other.workspace.id } })).toBe(0);
  });

  it("joins the workspace named by X-Herald-Workspace, and refuses one the key's creator is not in", async () => {
    const { key, userId } = await keyFor();
    const second = await createTestWorkspace({ userId, role: "member" });
    const stranger = await createTestWorkspace();
    const joined = await connect(key, { username: unique("dan@example.com"), password: "x" }, { "x-herald-workspace": second.workspace.id });
    expect(joined.status).toBe(200);
    expect(await db.linkedinAccount.count({ where: { workspaceId: second.workspace.id } })).toBe(1);
    const refused = await connect(key, { username: unique("eve@example.com"), password: "x" }, { "x-herald-workspace": stranger.workspace.id });
    expect(refused.status).toBe(403);
  });

  it("names the missing fields", async () => {
    const { key } = await keyFor();
    const response = await connect(key, { username: "x@example.com" });
    expect(response.body?.error.details.fields).toEqual([{ field: "password", message: expect.any(String) }]);
    const cookie = await connect(key, { liAt: "abc" });
    expect(cookie.body?.error.details.fields).toEqual([{ field: "userAgent", message: "is required with liAt" }]);
  });
});

describe("checkpoints", () => {
  async function startCheckpoint(username: string) {
    const context = await keyFor();
    const response = await connect(context.key, { username: unique(username), password: "x" });
    expect(response.body?.status).toBe("checkpoint_required");
    const id = response.body!.data.id as string;
    const answer = (body: Record<string, unknown>) => callApi("POST", `/accounts/${id}/checkpoint`, { key: context.key, body });
    const read = () => callApi("GET", `/accounts/${id}/checkpoint`, { key: context.key });
    return { ...context, id, response, answer, read };
  }

  it("asks for a 2FA code, rejects a wrong one, accepts the right one", async () => {
    const flow = await startCheckpoint("ada+2fa@example.com");
    expect(flow.response.body?.checkpoint).toMatchObject({ type: "2FA", input: "code", expired: false, canResend: true, canTryAnotherWay: true });
    expect((await outboxEvents(flow.workspace.id, "account.checkpoint_required"))).toHaveLength(1);
    expect(await seatsUsed(flow.key)).toBe(1);

    const wrong = await flow.answer({ code: "000000" });
    expect(wrong).toMatchObject({ status: 400, body: { error: { code: "checkpoint-code-rejected" } } });
    expect((await flow.read()).body).toMatchObject({ resolved: false, data: { type: "2FA" } });

    const right = await flow.answer({ code: SANDBOX_VERIFICATION_CODE });
    expect(right.body).toMatchObject({ data: null, resolved: true, account: { connectionStatus: "connected", status: "active" } });
    expect(await outboxEvents(flow.workspace.id, "account.connected")).toHaveLength(1);
  });

  it("resends an OTP and tries another way", async () => {
    const flow = await startCheckpoint("ada+otp@example.com");
    expect((await flow.answer({ resend: true })).body).toMatchObject({ data: { type: "OTP" }, resolved: false });
    const other = await flow.answer({ tryAnotherWay: true });
    expect(other.body?.data).toMatchObject({ type: "IN_APP_VALIDATION", input: "none" });
    const notResendable = await flow.answer({ resend: true });
    expect(notResendable).toMatchObject({ status: 409, body: { error: { code: "checkpoint-step-unavailable" } } });
    expect((await flow.read()).body).toMatchObject({ resolved: false, data: { type: "IN_APP_VALIDATION" } });
    const wrongKind = await flow.answer({ code: "123456" });
    expect(wrongKind.body?.error.code).toBe("checkpoint-answered-elsewhere");
    expect((await flow.answer({ code: "1", phone: "+1" })).status).toBe(400);
  });

  it("completes an in-app approval when polled", async () => {
    const flow = await startCheckpoint("ada+app@example.com");
    expect((await flow.read()).body).toMatchObject({ resolved: false, data: { type: "IN_APP_VALIDATION", input: "none" } });
    const row = await db.linkedinAccount.findUniqueOrThrow({ where: { id: flow.id } });
    await approveSandboxSignInFor(flow.actor, row.providerAccountId);
    expect((await flow.read()).body).toMatchObject({ resolved: true, data: null, account: { connectionStatus: "connected" } });
  });

  it("registers a phone, and points a captcha at its page", async () => {
    const phone = await startCheckpoint("ada+phone@example.com");
    expect(phone.response.body?.checkpoint).toMatchObject({ type: "PHONE_REGISTER", input: "phone" });
    expect((await phone.answer({ phone: "not a number" })).body?.error.code).toBe("checkpoint-code-rejected");
    expect((await phone.answer({ phone: "+14155550123" })).body?.resolved).toBe(true);

    const captcha = await startCheckpoint("ada+captcha@example.com");
    expect(captcha.response.body?.checkpoint).toMatchObject({ type: "CAPTCHA", input: "hosted", url: expect.stringContaining("/sandbox/captcha/") });
  });

  it("expires five minutes after LinkedIn asked; the expired sender holds no seat", async () => {
    const clock = new ManualClock("2026-05-04T10:00:00Z");
    setClock(clock);
    const flow = await startCheckpoint("ada+otp@example.com");
    expect(flow.response.body?.checkpoint.expiresAt).toBe("2026-05-04T10:05:00.000Z");
    clock.advance(4 * 60_000 + 59_000);
    expect((await flow.read()).body?.data.expired).toBe(false);
    clock.advance(1_000);
    expect((await flow.read()).body?.data.expired).toBe(true);
    expect((await flow.answer({ code: SANDBOX_VERIFICATION_CODE })).body?.error.code).toBe("checkpoint-expired");
    expect(await seatsUsed(flow.key)).toBe(0);
  });

  it("fails the attempt after three wrong codes with verification-failed", async () => {
    const flow = await startCheckpoint("ada+otp@example.com");
    await flow.answer({ code: "1" });
    await flow.answer({ code: "2" });
    const third = await flow.answer({ code: "3" });
    expect(third.body?.error.code).toBe("verification-failed");
    expect(await db.linkedinAccount.count({ where: { id: flow.id } })).toBe(0);
  });
});

describe("managing senders", () => {
  it("pauses and resumes with events, idempotently, and disconnects freeing the seat", async () => {
    const { key, workspace } = await keyFor();
    const id = (await connect(key, { username: unique("fay@example.com"), password: "x" })).body!.data.id as string;
    const paused = await callApi("POST", `/accounts/${id}/pause`, { key });
    expect(paused.body?.data).toMatchObject({ paused: true, pausedReason: "manual" });
    await callApi("POST", `/accounts/${id}/pause`, { key });
    expect(await outboxEvents(workspace.id, "account.paused")).toHaveLength(1);
    const resumed = await callApi("POST", `/accounts/${id}/resume`, { key });
    expect(resumed.body?.data).toMatchObject({ paused: false, pausedReason: null });
    expect(await outboxEvents(workspace.id, "account.resumed")).toHaveLength(1);

    const deleted = await callApi("DELETE", `/accounts/${id}`, { key });
    expect(deleted.body).toEqual({ data: { id, deleted: true } });
    expect(await seatsUsed(key)).toBe(0);
    expect((await outboxEvents(workspace.id, "account.status_changed")).at(-1)?.data.account.status).toBe("disconnected");
    expect((await callApi("GET", `/accounts/${id}`, { key })).status).toBe(404);
  });

  it("reconnects a cookie sender with a fresh cookie, and refuses another person's", async () => {
    const { key } = await keyFor();
    const name = `hedy${Math.random().toString(36).slice(2, 6)}`;
    const id = (await connect(key, { liAt: name, userAgent: "UA", proxy: "http://u:p@proxy.example.com:8080" })).body!.data.id as string;
    const fresh = await callApi("POST", `/accounts/${id}/reconnect`, { key, body: { liAt: name, userAgent: "UA 2" } });
    expect(fresh.body).toMatchObject({ status: "connected", data: { id } });
    const stranger = await callApi("POST", `/accounts/${id}/reconnect`, { key, body: { liAt: "somebody-else", userAgent: "UA" } });
    expect(stranger.body?.error.code).toBe("different-account");
  });

  it("lets an admin override caps and shows them in limits", async () => {
    const { key } = await keyFor();
    const id = (await connect(key, { username: unique("gil@example.com"), password: "x" })).body!.data.id as string;
    const updated = await callApi("PATCH", `/accounts/${id}`, {
      key,
      body: { label: "Gil (EMEA)", timezone: "Europe/Paris", limits: { daily: { invitations: 7 }, weeklyInvitations: 20 } },
    });
    expect(updated.body?.data).toMatchObject({ label: "Gil (EMEA)", timezone: "Europe/Paris", limits: { daily: { invitations: 7 }, weeklyInvitations: 20 } });
    const badZone = await callApi("PATCH", `/accounts/${id}`, { key, body: { timezone: "Mars/Base" } });
    expect(badZone.body?.error.details.fields[0].field).toBe("timezone");
  });

  it("keeps senders inside their workspace", async () => {
    const a = await keyFor();
    const b = await keyFor();
    const id = (await connect(b.key, { username: unique("hal@example.com"), password: "x" })).body!.data.id as string;
    for (const [method, path] of [
      ["GET", `/accounts/${id}`],
      ["DELETE", `/accounts/${id}`],
      ["GET", `/accounts/${id}/checkpoint`],
      ["POST", `/accounts/${id}/pause`],
    ] as const) {
      expect((await callApi(method, path, { key: a.key })).status, `${method} ${path}`).toBe(404);
    }
    const list = await callApi("GET", "/accounts", { key: a.key });
    expect(list.body).toMatchObject({ data: [], paging: { total: 0 } });
  });
});
