// Connecting a Google or Microsoft mailbox through a hosted link, from the link to a connected
// mailbox (or a refusal on the provider's page), and reconnecting one in place.
// What the callback refuses and links that cannot be used: mailbox-hosted-link-refusals.test.ts.
import { createHash } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import MailboxConnectFinishedPage from "@/app/connect/mailbox/finished/page";
import * as startRoute from "@/app/connect/mailbox/[token]/start/route";
import { db } from "@/server/db/client";
import { decryptSecret } from "@/server/lib/encryption";
import { outboxEvents } from "@/server/test/factories";
import { createLink, HERALD, keyFor, readLink, renderPage, signIn, start, tokenOf, hostedLinkFlow } from "@/server/test/mailbox-hosted-link";

const flow = hostedLinkFlow();

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
    flow.fake.signInAs(provider, email);
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
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${flow.fake.url}/${provider}/authorize`);
    const query = Object.fromEntries(authorize.searchParams);
    expect(query).toMatchObject({
      response_type: "code",
      client_id: flow.fake.env[provider === "google" ? "HERALD_GOOGLE_CLIENT_ID" : "HERALD_MICROSOFT_CLIENT_ID"],
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
    const exchange = flow.fake.tokenRequests.filter((request) => request.grant_type === "authorization_code").at(-1)!;
    expect(createHash("sha256").update(exchange.code_verifier!).digest("base64url")).toBe(query.code_challenge);

    const mailbox = await db.mailbox.findUniqueOrThrow({ where: { id: landing.searchParams.get("accountId")! } });
    expect(mailbox).toMatchObject({ workspaceId: workspace.id, email, provider, authType: "oauth", connectedVia: "hosted-link", hostedLinkId: link.id, status: "connected" });
    expect(mailbox.settings).toEqual({ smtp: { ...smtp, username: email }, imap: { ...imap, username: email } });
    const credentials = JSON.parse(decryptSecret(mailbox.credentialsEncrypted!));
    expect(credentials).toMatchObject({ kind: "oauth", refreshToken: expect.any(String), accessToken: expect.any(String) });
    expect(mailbox.credentialsEncrypted).not.toContain(credentials.refreshToken);
    expect(flow.verified.map((handle) => handle.email)).toEqual([email]);
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
    flow.fake.setDecision("deny");
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

describe("reconnecting a mailbox", () => {
  async function connected(key: string, email: string) {
    flow.fake.signInAs("google", email);
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
    flow.fake.signInAs("google", "someone.else@gmail.test");
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
