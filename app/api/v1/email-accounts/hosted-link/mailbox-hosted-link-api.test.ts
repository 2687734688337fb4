import { createHash } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import MailboxConnectFinishedPage from "@/app/connect/mailbox/finished/page";
import MailboxConnectPage from "@/app/connect/mailbox/[token]/page";
import * as startRoute from "@/app/connect/mailbox/[token]/start/route";
import * as callbackRoute from "@/app/api/oauth/mailbox/callback/route";
import { db } from "@/server/db/client";
import { resetEnv } from "@/server/env";
import type { Actor } from "@/server/lib/actor";
import { decryptSecret, encryptSecret } from "@/server/lib/encryption";
import { setMailProvider } from "@/server/providers/mail";
import { MailProviderError, type MailProvider, type MailboxHandle } from "@/server/providers/mail/types";
import { callRoute } from "@/server/test/call-route";
import { startFakeOauthServer, type FakeOauthServer } from "@/server/test/fake-oauth-server";
import { createTestApiKey, createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { createCaller } from "@/server/trpc/root";
import * as linkRoute from "./[id]/route";
import * as createRoute from "./route";

// The tRPC context module reaches Auth.js (which needs Next's runtime): the dashboard's session is the test's actor.
const session = vi.hoisted(() => ({ actor: null as Actor | null }));
vi.mock("@/server/auth/dashboard-session", () => ({ getSessionUserId: async () => session.actor?.userId ?? null, getSessionActor: async () => session.actor }));

const HERALD = "http://herald.test";
let fake: FakeOauthServer;
const verified: MailboxHandle[] = [];
let verifyFailure: MailProviderError | null = null;

/** The mailbox check the callback runs, without real SMTP and IMAP servers: the token must be one the provider issued. */
function checkingProvider(name: "google" | "microsoft"): MailProvider {
  const unused = () => Promise.reject(new Error("not used here"));
  return {
    name,
    verify: async (handle) => {
      verified.push(structuredClone({ ...handle, onCredentialsChanged: undefined }));
      if (verifyFailure) throw verifyFailure;
      const credentials = handle.credentials;
      if (credentials.kind !== "oauth" || !credentials.accessToken || !fake.isValidAccessToken(handle.email, credentials.accessToken)) {
        throw new MailProviderError("auth-failed", "XOAUTH2 refused");
      }
    },
    send: unused,
    findSent: unused,
    fetchIncoming: unused,
  };
}

beforeAll(async () => {
  fake = await startFakeOauthServer();
});
afterAll(async () => {
  await fake.close();
});

const saved = { ...process.env };
beforeEach(() => {
  Object.assign(process.env, fake.env, { HERALD_URL: HERALD });
  resetEnv();
  setMailProvider("google", checkingProvider("google"));
  setMailProvider("microsoft", checkingProvider("microsoft"));
  fake.setDecision("approve");
  fake.omitEmailClaim(false);
  verified.length = 0;
  verifyFailure = null;
});
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  resetEnv();
  setMailProvider("google", undefined);
  setMailProvider("microsoft", undefined);
});

async function keyFor() {
  const context = await createTestWorkspace({ name: "Acme Outreach" });
  const { key } = await createTestApiKey(context.actor);
  return { ...context, key };
}

async function createLink(key: string, body: Record<string, unknown>) {
  return callRoute(createRoute.POST, "POST", "/email-accounts/hosted-link", { key, body });
}

async function readLink(key: string, id: string) {
  return callRoute(linkRoute.GET, "GET", `/email-accounts/hosted-link/${id}`, { key, params: { id } });
}

function tokenOf(url: string): string {
  return new URL(url).pathname.split("/").pop()!;
}

async function renderPage(token: string): Promise<string> {
  return renderToStaticMarkup(await MailboxConnectPage({ params: Promise.resolve({ token }) }));
}

/** Presses the page's button: the start route answers with the provider's sign-in address. */
async function start(token: string): Promise<URL> {
  const response = await startRoute.GET(new Request(`${HERALD}/connect/mailbox/${token}/start`), { params: Promise.resolve({ token }) });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

/** The provider's page (the fake approves or denies at once) and the callback it sends the person to. */
async function signIn(authorizeUrl: URL): Promise<Response> {
  const answer = await fetch(authorizeUrl, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const back = answer.headers.get("location")!;
  expect(back.startsWith(`${HERALD}/api/oauth/mailbox/callback?`)).toBe(true);
  return callbackRoute.GET(new Request(back));
}

describe.each([
  {
    provider: "google" as const,
    email: "ada.lovelace@gmail.test",
    scope: "openid email https://mail.google.com/",
    extra: { access_type: "offline", prompt: "consent" },
    smtp: { host: "smtp.gmail.com", port: 465, security: "tls" },
    imap: { host: "imap.gmail.com", port: 993, security: "tls" },
  },
  {
    provider: "microsoft" as const,
    email: "grace.hopper@outlook.test",
    scope: "openid email offline_access https://outlook.office.com/SMTP.Send https://outlook.office.com/IMAP.AccessAsUser.All",
    extra: {},
    smtp: { host: "smtp.office365.com", port: 587, security: "starttls" },
    imap: { host: "outlook.office365.com", port: 993, security: "tls" },
  },
])("connecting a $provider mailbox through a hosted link", ({ provider, email, scope, extra, smtp, imap }) => {
  it("goes from the link to a connected mailbox; the read never shows the address or token", async () => {
    const { key, workspace } = await keyFor();
    fake.signInAs(provider, email);
    const created = await createLink(key, { provider, redirectUrl: "https://app.example.com/mailboxes/done?from=herald" });
    expect(created.status).toBe(201);
    const link = created.body!.data;
    expect(link).toMatchObject({ status: "pending", channel: "email", provider, accountId: null, externalId: null, hasProxy: false, country: null, error: null });
    expect(link.url).toMatch(new RegExp(`^${HERALD}/connect/mailbox/[A-Za-z0-9_-]{40,}$`));
    const token = tokenOf(link.url);
    const stored = await db.mailboxHostedLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(stored.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBe(60 * 60_000);

    const page = await renderPage(token);
    const providerName = provider === "google" ? "Google" : "Microsoft";
    expect(page).toContain(`Connect your ${providerName} mailbox to Acme Outreach`);
    expect(page).toContain(`href="/connect/mailbox/${token}/start"`);

    const authorize = await start(token);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.url}/${provider}/authorize`);
    const query = Object.fromEntries(authorize.searchParams);
    expect(query).toMatchObject({
      response_type: "code",
      client_id: fake.env[provider === "google" ? "HERALD_GOOGLE_CLIENT_ID" : "HERALD_MICROSOFT_CLIENT_ID"],
      redirect_uri: `${HERALD}/api/oauth/mailbox/callback`,
      scope,
      code_challenge_method: "S256",
      ...extra,
    });
    expect(query.state).toMatch(new RegExp(`^${link.id}\\.`));
    expect(query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await db.mailboxHostedLink.findUniqueOrThrow({ where: { id: link.id } })).openedAt).not.toBeNull();

    const callback = await signIn(authorize);
    expect(callback.status).toBe(303);
    const landing = new URL(callback.headers.get("location")!);
    expect(`${landing.origin}${landing.pathname}`).toBe("https://app.example.com/mailboxes/done");
    expect(Object.fromEntries(landing.searchParams)).toEqual({ from: "herald", hostedLinkId: link.id, status: "connected", accountId: expect.stringMatching(/^mbx_/) });

    // PKCE: the code went back with the verifier whose S256 hash the authorize request carried.
    const exchange = fake.tokenRequests.filter((request) => request.grant_type === "authorization_code").at(-1)!;
    expect(createHash("sha256").update(exchange.code_verifier!).digest("base64url")).toBe(query.code_challenge);

    const mailbox = await db.mailbox.findUniqueOrThrow({ where: { id: landing.searchParams.get("accountId")! } });
    expect(mailbox).toMatchObject({ workspaceId: workspace.id, email, provider, authType: "oauth", connectedVia: "hosted-link", hostedLinkId: link.id, status: "connected" });
    expect(mailbox.settings).toEqual({ smtp: { ...smtp, username: email }, imap: { ...imap, username: email } });
    const credentials = JSON.parse(decryptSecret(mailbox.credentialsEncrypted!));
    expect(credentials).toMatchObject({ kind: "oauth", refreshToken: expect.any(String), accessToken: expect.any(String) });
    expect(mailbox.credentialsEncrypted).not.toContain(credentials.refreshToken);
    expect(verified.map((handle) => handle.email)).toEqual([email]);
    expect(await outboxEvents(workspace.id, "account.connected")).toHaveLength(1);

    const read = await readLink(key, link.id);
    expect(read.status).toBe(200);
    expect(read.body!.data).toMatchObject({ id: link.id, status: "connected", accountId: mailbox.id, externalId: email, url: null, error: null, completedAt: expect.any(String), openedAt: expect.any(String) });
    const body = JSON.stringify(read.body);
    expect(body).not.toContain(token);
    expect(body).not.toContain(stored.tokenHash);
    expect(body).not.toContain("/connect/mailbox/");

    // The link is spent: the page says so and starting again is refused.
    expect(await renderPage(token)).toContain("Your mailbox is connected");
    const again = await startRoute.GET(new Request(`${HERALD}/connect/mailbox/${token}/start`), { params: Promise.resolve({ token }) });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`${HERALD}/connect/mailbox/${token}`);
  });

  it("marks the link failed when the person refuses on the provider's page", async () => {
    const { key, workspace } = await keyFor();
    fake.setDecision("deny");
    const link = (await createLink(key, { provider })).body!.data;
    const callback = await signIn(await start(tokenOf(link.url)));
    const landing = new URL(callback.headers.get("location")!);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${HERALD}/connect/mailbox/finished`);
    expect(Object.fromEntries(landing.searchParams)).toEqual({ hostedLinkId: link.id, status: "failed" });
    expect((await readLink(key, link.id)).body!.data).toMatchObject({ status: "failed", accountId: null, error: { code: "cancelled", message: "You cancelled the sign-in" } });
    expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(0);
    const finished = renderToStaticMarkup(await MailboxConnectFinishedPage({ searchParams: Promise.resolve({ hostedLinkId: link.id }) }));
    expect(finished).toContain("The mailbox was not connected");
    expect(finished).toContain("You cancelled the sign-in");
  });
});

describe("what the callback refuses", () => {
  it("refuses a state no link started and changes nothing", async () => {
    const { key } = await keyFor();
    const link = (await createLink(key, { provider: "google" })).body!.data;
    const authorize = await start(tokenOf(link.url));
    const answer = await fetch(authorize, { redirect: "manual" });
    const back = new URL(answer.headers.get("location")!);
    const exchangesBefore = fake.tokenRequests.length;
    for (const state of [`${link.id}.forged-random-part`, "mhl_unknown.abc", "", "no-dot"]) {
      back.searchParams.set("state", state);
      const response = await callbackRoute.GET(new Request(back));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("did not come from a Herald connect link");
    }
    expect(fake.tokenRequests.length).toBe(exchangesBefore);
    expect((await readLink(key, link.id)).body!.data).toMatchObject({ status: "pending", error: null });
  });

  it("uses an answer once: the same callback again (a reload, two at once) changes nothing", async () => {
    const { key, workspace } = await keyFor();
    fake.signInAs("google", "reload@gmail.test");
    const link = (await createLink(key, { provider: "google" })).body!.data;
    const answer = await fetch(await start(tokenOf(link.url)), { redirect: "manual" });
    const back = answer.headers.get("location")!;
    const [first, second] = await Promise.all([callbackRoute.GET(new Request(back)), callbackRoute.GET(new Request(back))]);
    expect([first.status, second.status].sort()).toEqual([303, 400]);
    expect((await readLink(key, link.id)).body!.data).toMatchObject({ status: "connected" });
    expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(1);
    expect((await callbackRoute.GET(new Request(back))).status).toBe(400);
  });

  it("fails the link when the code comes back without the verifier it was issued for (PKCE)", async () => {
    const { key } = await keyFor();
    const link = (await createLink(key, { provider: "google" })).body!.data;
    const authorize = await start(tokenOf(link.url));
    // As if an intercepted code were redeemed by someone without this link's verifier.
    const row = await db.mailboxHostedLink.findUniqueOrThrow({ where: { id: link.id } });
    const secrets = JSON.parse(decryptSecret(row.oauthEncrypted!));
    await db.mailboxHostedLink.update({ where: { id: link.id }, data: { oauthEncrypted: encryptSecret(JSON.stringify({ ...secrets, codeVerifier: "x".repeat(43) })) } });
    const callback = await signIn(authorize);
    expect(new URL(callback.headers.get("location")!).searchParams.get("status")).toBe("failed");
    expect((await readLink(key, link.id)).body!.data.error).toEqual({ code: "oauth-failed", message: "Google did not accept the sign-in (invalid_grant); open the link again to try once more." });
    expect(await db.mailbox.count({ where: { hostedLinkId: link.id } })).toBe(0);
  });

  it("fails the link with the provider's reason when the mailbox does not work", async () => {
    const { key } = await keyFor();
    fake.signInAs("google", "ada@gmail.test");
    verifyFailure = new MailProviderError("auth-failed", "Gmail refused the sign-in to IMAP: turn IMAP on in Gmail's settings.");
    const link = (await createLink(key, { provider: "google" })).body!.data;
    await signIn(await start(tokenOf(link.url)));
    expect((await readLink(key, link.id)).body!.data).toMatchObject({
      status: "failed",
      externalId: "ada@gmail.test",
      error: { code: "mail-auth-failed", message: "Gmail refused the sign-in to IMAP: turn IMAP on in Gmail's settings." },
    });
  });

  it("reads a Google address from the userinfo endpoint when the id_token has none", async () => {
    const { key } = await keyFor();
    fake.signInAs("google", "no.claim@gmail.test");
    fake.omitEmailClaim(true);
    const link = (await createLink(key, { provider: "google" })).body!.data;
    await signIn(await start(tokenOf(link.url)));
    expect((await readLink(key, link.id)).body!.data).toMatchObject({ status: "connected", externalId: "no.claim@gmail.test" });
  });

  it("reads a Microsoft address from preferred_username when the id_token has no email", async () => {
    const { key } = await keyFor();
    fake.signInAs("microsoft", "work.account@contoso.test");
    fake.omitEmailClaim(true);
    const link = (await createLink(key, { provider: "microsoft" })).body!.data;
    await signIn(await start(tokenOf(link.url)));
    expect((await readLink(key, link.id)).body!.data).toMatchObject({ status: "connected", externalId: "work.account@contoso.test" });
  });
});

describe("reconnecting a mailbox", () => {
  async function connected(key: string, email: string) {
    fake.signInAs("google", email);
    const link = (await createLink(key, { provider: "google" })).body!.data;
    await signIn(await start(tokenOf(link.url)));
    return db.mailbox.findFirstOrThrow({ where: { hostedLinkId: link.id } });
  }

  it("renews the sign-in of the same address in place", async () => {
    const { key } = await keyFor();
    const mailbox = await connected(key, "renew.me@gmail.test");
    await db.mailbox.update({ where: { id: mailbox.id }, data: { status: "error", error: "Google no longer lets Herald use this mailbox" } });
    const link = (await createLink(key, { provider: "google", reconnectAccountId: mailbox.id })).body!.data;
    expect(link.reconnectAccountId).toBe(mailbox.id);
    expect(await renderPage(tokenOf(link.url))).toContain("Reconnect your Google mailbox to Acme Outreach");
    await signIn(await start(tokenOf(link.url)));
    expect((await readLink(key, link.id)).body!.data).toMatchObject({ status: "connected", accountId: mailbox.id });
    const renewed = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(renewed).toMatchObject({ status: "connected", error: null });
    expect(renewed.credentialsEncrypted).not.toBe(mailbox.credentialsEncrypted);
  });

  it("refuses another address, naming both", async () => {
    const { key } = await keyFor();
    const mailbox = await connected(key, "owner@gmail.test");
    fake.signInAs("google", "someone.else@gmail.test");
    const link = (await createLink(key, { provider: "google", reconnectAccountId: mailbox.id })).body!.data;
    await signIn(await start(tokenOf(link.url)));
    expect((await readLink(key, link.id)).body!.data).toMatchObject({
      status: "failed",
      externalId: "someone.else@gmail.test",
      error: { code: "different-account", message: expect.stringContaining("You signed in as someone.else@gmail.test, but this link reconnects owner@gmail.test") },
    });
    expect(await db.mailbox.count({ where: { email: "someone.else@gmail.test" } })).toBe(0);
  });

  it("refuses a mailbox of another provider or workspace when the link is created", async () => {
    const { key } = await keyFor();
    const mailbox = await connected(key, "mine@gmail.test");
    const wrongProvider = await createLink(key, { provider: "microsoft", reconnectAccountId: mailbox.id });
    expect(wrongProvider.status).toBe(400);
    expect(wrongProvider.body!.error.details.fields[0].field).toBe("reconnectAccountId");
    const other = await keyFor();
    expect((await createLink(other.key, { provider: "google", reconnectAccountId: mailbox.id })).status).toBe(404);
  });
});

describe("links that cannot be used", () => {
  it("says a provider is not configured until its client id and secret are set", async () => {
    const { key, actor } = await keyFor();
    delete process.env.HERALD_GOOGLE_CLIENT_ID;
    delete process.env.HERALD_GOOGLE_CLIENT_SECRET;
    resetEnv();
    const response = await createLink(key, { provider: "google" });
    expect(response.status).toBe(409);
    expect(response.body!.error).toEqual({
      code: "provider-not-configured",
      message: "Google mailboxes are not configured on this Herald: an administrator sets HERALD_GOOGLE_CLIENT_ID and HERALD_GOOGLE_CLIENT_SECRET",
    });
    session.actor = actor;
    const caller = createCaller({ userId: actor.userId, clientAddress: "198.51.100.7" });
    expect(await caller.mailboxes.oauthAvailability()).toEqual({
      google: { configured: false, message: response.body!.error.message },
      microsoft: { configured: true, message: null },
    });
    expect((await createLink(key, { provider: "microsoft" })).status).toBe(201);
    // The dashboard's dialog: the same link through the mailboxes router.
    const fromDashboard = await caller.mailboxes.createHostedLink({ provider: "microsoft" });
    expect(fromDashboard.url).toMatch(/\/connect\/mailbox\//);
    expect(await caller.mailboxes.hostedLink({ id: fromDashboard.id })).toMatchObject({ id: fromDashboard.id, status: "pending", url: null });
    await expect(caller.mailboxes.createHostedLink({ provider: "google" })).rejects.toThrow(response.body!.error.message);
  });

  it("reads expired once its window closed, and its start goes back to the page", async () => {
    const { key } = await keyFor();
    const link = (await createLink(key, { provider: "google", expiresInMinutes: 5 })).body!.data;
    await db.mailboxHostedLink.update({ where: { id: link.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await readLink(key, link.id)).body!.data.status).toBe("expired");
    const token = tokenOf(link.url);
    expect(await renderPage(token)).toContain("This link has expired");
    const response = await startRoute.GET(new Request(`${HERALD}/connect/mailbox/${token}/start`), { params: Promise.resolve({ token }) });
    expect(response.status).toBe(303);
  });

  it("validates the request, naming the field", async () => {
    const { key } = await keyFor();
    for (const [body, field] of [
      [{ provider: "yahoo" }, "provider"],
      [{ provider: "google", expiresInMinutes: 1441 }, "expiresInMinutes"],
      [{ provider: "google", redirectUrl: "javascript:alert(1)" }, "redirectUrl"],
    ] as const) {
      const response = await createLink(key, body);
      expect(response.status).toBe(400);
      expect(response.body!.error.details.fields.map((issue: { field: string }) => issue.field)).toContain(field);
    }
  });

  it("is refused while the workspace's email channel is off, also for a link created before", async () => {
    const { key, workspace } = await keyFor();
    const earlier = (await createLink(key, { provider: "google" })).body!.data;
    await db.workspace.update({ where: { id: workspace.id }, data: { emailChannelEnabled: false } });
    const refused = await createLink(key, { provider: "google" });
    expect(refused.status).toBe(403);
    expect(refused.body!.error.code).toBe("email-channel-disabled");
    await signIn(await start(tokenOf(earlier.url)));
    expect((await readLink(key, earlier.id)).body!.data).toMatchObject({ status: "failed", error: { code: "email-channel-disabled" } });
    expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("answers 404 for another workspace's link", async () => {
    const { key } = await keyFor();
    const link = (await createLink(key, { provider: "google" })).body!.data;
    const other = await keyFor();
    expect((await readLink(other.key, link.id)).status).toBe(404);
  });
});
