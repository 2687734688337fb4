// A mailbox hosted link's refusals: callbacks no link started, used twice or without the PKCE
// verifier, mailboxes that do not work, and links that cannot be used (provider not configured,
// expired, invalid, email channel off, another workspace's).
import { describe, expect, it, vi } from "vitest";
import * as callbackRoute from "@/app/api/oauth/mailbox/callback/route";
import * as startRoute from "@/app/connect/mailbox/[token]/start/route";
import { db } from "@/server/db/client";
import { resetEnv } from "@/server/env";
import type { Actor } from "@/server/lib/actor";
import { decryptSecret, encryptSecret } from "@/server/lib/encryption";
import { MailProviderError } from "@/server/providers/mail/types";
import { createLink, HERALD, keyFor, readLink, renderPage, signIn, start, tokenOf, hostedLinkFlow } from "@/server/test/mailbox-hosted-link";
import { createCaller } from "@/server/trpc/root";

// The tRPC context module reaches Auth.js (which needs Next's runtime): the dashboard's session is the test's actor.
const session = vi.hoisted(() => ({ actor: null as Actor | null }));
vi.mock("@/server/auth/dashboard-session", () => ({ getSessionUserId: async () => session.actor?.userId ?? null, getSessionActor: async () => session.actor }));

const flow = hostedLinkFlow();

describe("what the callback refuses", () => {
  it("refuses a state no link started and changes nothing", async () => {
    const { key } = await keyFor();
    const link = (await createLink(key, { provider: "google" })).body!.data;
    const authorize = await start(tokenOf(link.url));
    const answer = await fetch(authorize, { redirect: "manual" });
    const back = new URL(answer.headers.get("location")!);
    const exchangesBefore = flow.fake.tokenRequests.length;
    for (const state of [`${link.id}.forged-random-part`, "mhl_unknown.abc", "", "no-dot"]) {
      back.searchParams.set("state", state);
      const response = await callbackRoute.GET(new Request(back));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("did not come from a Herald connect link");
    }
    expect(flow.fake.tokenRequests.length).toBe(exchangesBefore);
    expect((await readLink(key, link.id)).body!.data).toMatchObject({ status: "pending", error: null });
  });

  it("uses an answer once: the same callback again (a reload, two at once) changes nothing", async () => {
    const { key, workspace } = await keyFor();
    flow.fake.signInAs("google", "reload@gmail.test");
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
    flow.fake.signInAs("google", "ada@gmail.test");
    flow.failVerification(new MailProviderError("auth-failed", "Gmail refused the sign-in to IMAP: turn IMAP on in Gmail's settings."));
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
    flow.fake.signInAs("google", "no.claim@gmail.test");
    flow.fake.omitEmailClaim(true);
    const link = (await createLink(key, { provider: "google" })).body!.data;
    await signIn(await start(tokenOf(link.url)));
    expect((await readLink(key, link.id)).body!.data).toMatchObject({ status: "connected", externalId: "no.claim@gmail.test" });
  });

  it("reads a Microsoft address from preferred_username when the id_token has no email", async () => {
    const { key } = await keyFor();
    flow.fake.signInAs("microsoft", "work.account@contoso.test");
    flow.fake.omitEmailClaim(true);
    const link = (await createLink(key, { provider: "microsoft" })).body!.data;
    await signIn(await start(tokenOf(link.url)));
    expect((await readLink(key, link.id)).body!.data).toMatchObject({ status: "connected", externalId: "work.account@contoso.test" });
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

  it("will not renew a managed Microsoft 365 mailbox by sign-in: it has none, and the answer says what to check instead", async () => {
    const { key, workspace } = await keyFor();
    const at = new Date();
    const managed = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Lee", email: "lee@acme-mail.com", provider: "microsoft-graph", authType: "app", connectedVia: "managed", managedUserId: "user-lee", status: "error", createdAt: at, updatedAt: at },
    });
    const response = await createLink(key, { provider: "microsoft", reconnectAccountId: managed.id });
    expect(response.status).toBe(400);
    expect(response.body!.error.message).toContain("is a managed Microsoft 365 mailbox that Herald reaches with this installation's app registration");
    expect(response.body!.error.message).toContain("Mail.Send and Mail.ReadWrite");
    expect(response.body!.error.details.fields).toEqual([{ field: "reconnectAccountId", message: "is a managed Microsoft 365 mailbox, which needs no sign-in" }]);
    expect(await db.mailboxHostedLink.count({ where: { workspaceId: workspace.id } })).toBe(0);
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
