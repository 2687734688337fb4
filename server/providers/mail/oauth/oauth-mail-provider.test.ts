import { createHash, randomBytes } from "node:crypto";
import { createServer, type AddressInfo, type Server } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { resetEnv } from "@/server/env";
import { decryptSecret } from "@/server/lib/encryption";
import { mailboxHandle } from "@/server/services/mail/mailboxes/mailbox-handle";
import { markMailboxError } from "@/server/services/mail/mailboxes/mark-mailbox-error";
import { saveConnectedMailbox } from "@/server/services/mail/mailboxes/save-connected-mailbox";
import { startFakeOauthServer, type FakeOauthProvider, type FakeOauthServer } from "@/server/test/fakes/fake-oauth-server";
import { createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { startSmtpServer, type TestSmtpServer } from "@/server/test/mail-servers";
import { isMailProviderError, type MailCredentials, type MailProviderError, type OutgoingEmail } from "../types";
import { currentAccessToken } from "./oauth-access-token";
import { createOauthMailProvider } from "./oauth-mail-provider";

let fake: FakeOauthServer;
let smtp: TestSmtpServer;
let imap: { port: number; logins: Array<{ user: string; accessToken: string; accepted: boolean }>; close: () => Promise<void> };

/**
 * An IMAP server that knows only what a sign-in check needs: SASL-IR and AUTH=XOAUTH2 (Gmail's
 * and Outlook's way), answering every other command OK. Dovecot, the other test server, checks
 * XOAUTH2 only through an introspection service this test does not run.
 */
async function startXoauth2ImapServer(accept: (user: string, accessToken: string) => boolean) {
  const logins: Array<{ user: string; accessToken: string; accepted: boolean }> = [];
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.write("* OK [CAPABILITY IMAP4rev1 SASL-IR AUTH=XOAUTH2] Fake IMAP ready\r\n");
    let buffer = "";
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const [tag, command, mechanism, payload] = line.split(" ");
        const verb = (command ?? "").toUpperCase();
        if (verb === "CAPABILITY") socket.write(`* CAPABILITY IMAP4rev1 SASL-IR AUTH=XOAUTH2\r\n${tag} OK done\r\n`);
        else if (verb === "AUTHENTICATE" && mechanism === "XOAUTH2" && payload) {
          const [userPart, authPart] = Buffer.from(payload, "base64").toString("utf8").split("\x01");
          const user = userPart!.replace(/^user=/, "");
          const accessToken = authPart!.replace(/^auth=Bearer /, "");
          const accepted = accept(user, accessToken);
          logins.push({ user, accessToken, accepted });
          socket.write(accepted ? `${tag} OK [CAPABILITY IMAP4rev1] Authenticated\r\n` : `${tag} NO [AUTHENTICATIONFAILED] Invalid credentials (Failure)\r\n`);
        } else if (verb === "LOGOUT") {
          socket.end(`* BYE bye\r\n${tag} OK done\r\n`);
        } else socket.write(`${tag} OK done\r\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    logins,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeOauthServer();
  // Like Gmail's and Outlook's servers: XOAUTH2 with a current access token the provider issued for the address.
  smtp = await startSmtpServer({ acceptAccessToken: (user, accessToken) => fake.isValidAccessToken(user, accessToken) });
  imap = await startXoauth2ImapServer((user, accessToken) => fake.isValidAccessToken(user, accessToken));
});
afterAll(async () => {
  await imap.close();
  await smtp.close();
  await fake.close();
});
beforeEach(() => {
  Object.assign(process.env, fake.env);
  resetEnv();
  fake.setExpiresIn(3600);
});
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  resetEnv();
});

/** What a person's sign-in leaves Herald with: the fake's authorize and code exchange, as the callback does them. */
async function grantFor(provider: FakeOauthProvider, email: string) {
  fake.signInAs(provider, email);
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL(`${fake.url}/${provider}/authorize`);
  const redirectUri = "http://herald.test/api/oauth/mailbox/callback";
  for (const [name, value] of Object.entries({
    response_type: "code",
    client_id: fake.env[provider === "google" ? "HERALD_GOOGLE_CLIENT_ID" : "HERALD_MICROSOFT_CLIENT_ID"]!,
    redirect_uri: redirectUri,
    state: "s",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  })) {
    authorize.searchParams.set(name, value);
  }
  const code = new URL((await fetch(authorize, { redirect: "manual" })).headers.get("location")!).searchParams.get("code")!;
  const prefix = provider === "google" ? "HERALD_GOOGLE" : "HERALD_MICROSOFT";
  const response = await fetch(`${fake.url}/${provider}/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      client_id: fake.env[`${prefix}_CLIENT_ID`]!,
      client_secret: fake.env[`${prefix}_CLIENT_SECRET`]!,
    }),
  });
  const tokens = (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
  return { refreshToken: tokens.refresh_token, accessToken: tokens.access_token, accessTokenExpiresAt: new Date(Date.now() + tokens.expires_in * 1000).toISOString() };
}

async function connectedMailbox(provider: FakeOauthProvider, email: string, tokens: Partial<Extract<MailCredentials, { kind: "oauth" }>> = {}) {
  const { workspace } = await createTestWorkspace();
  const granted = await grantFor(provider, email);
  const server = { host: "127.0.0.1", security: "none" as const, username: email };
  return saveConnectedMailbox({
    workspaceId: workspace.id,
    email,
    provider,
    authType: "oauth",
    connectedVia: "hosted-link",
    settings: { smtp: { ...server, port: smtp.port }, imap: { ...server, port: imap.port } },
    credentials: { kind: "oauth", ...granted, ...tokens },
  });
}

function email(from: string, subject: string): OutgoingEmail {
  return {
    from: { name: "Ada", address: from },
    to: { name: null, address: "prospect@example.test" },
    subject,
    text: "Hello",
    html: null,
    messageId: `<${randomBytes(8).toString("hex")}@herald.test>`,
    inReplyTo: null,
    references: [],
    headers: {},
  };
}

async function storedCredentials(mailboxId: string) {
  const row = await db.mailbox.findUniqueOrThrow({ where: { id: mailboxId } });
  return JSON.parse(decryptSecret(row.credentialsEncrypted!)) as Extract<MailCredentials, { kind: "oauth" }>;
}

/** Pooled SMTP connections close soon after use, so the test server can close at the end. */
function oauthProvider(name: FakeOauthProvider) {
  return createOauthMailProvider(name, { poolIdleMs: 50 });
}

function refreshRequests() {
  return fake.tokenRequests.filter((request) => request.grant_type === "refresh_token");
}

describe.each(["google", "microsoft"] as const)("a %s mailbox over SMTP with XOAUTH2", (provider) => {
  const address = (name: string) => `${name}.${randomBytes(3).toString("hex")}@${provider === "google" ? "gmail.test" : "outlook.test"}`;

  it("sends with the stored access token while it is current, without asking for a new one", async () => {
    const mailbox = await connectedMailbox(provider, address("current"));
    const before = refreshRequests().length;
    const outgoing = email(mailbox.email, "Current token");
    const sent = await oauthProvider(provider).send(mailboxHandle(mailbox), outgoing);
    expect(sent.messageId).toBe(outgoing.messageId);
    const received = smtp.messages.find((message) => message.messageId === outgoing.messageId);
    expect(received).toMatchObject({ user: mailbox.email, from: mailbox.email, to: ["prospect@example.test"] });
    expect(received!.raw).toContain("Subject: Current token");
    expect(refreshRequests().length).toBe(before);
  });

  it("renews an expired access token from the refresh token, stores it encrypted and sends with it", async () => {
    const mailbox = await connectedMailbox(provider, address("expired"), { accessToken: "ya29.expired-token", accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString() });
    const previous = await storedCredentials(mailbox.id);
    const before = refreshRequests().length;
    const outgoing = email(mailbox.email, "Renewed token");
    await oauthProvider(provider).send(mailboxHandle(mailbox), outgoing);
    expect(smtp.messages.some((message) => message.messageId === outgoing.messageId && message.user === mailbox.email)).toBe(true);

    const refreshes = refreshRequests().slice(before);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toMatchObject({ refresh_token: previous.refreshToken, client_id: expect.any(String), client_secret: expect.any(String) });
    if (provider === "microsoft") expect(refreshes[0]!.scope).toContain("https://outlook.office.com/SMTP.Send");

    const stored = await storedCredentials(mailbox.id);
    expect(stored.accessToken).not.toBe("ya29.expired-token");
    expect(fake.isValidAccessToken(mailbox.email, stored.accessToken!)).toBe(true);
    expect(Date.parse(stored.accessTokenExpiresAt!)).toBeGreaterThan(Date.now() + 3000_000);
    // Microsoft rotates refresh tokens (the new one is kept); Google keeps the one it gave.
    if (provider === "microsoft") expect(stored.refreshToken).not.toBe(previous.refreshToken);
    else expect(stored.refreshToken).toBe(previous.refreshToken);
    const row = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(row.credentialsEncrypted).not.toContain(stored.accessToken!);
  });

  it("renews a token that ends within a minute before using it", async () => {
    fake.setExpiresIn(45);
    const mailbox = await connectedMailbox(provider, address("ending"));
    fake.setExpiresIn(3600);
    const before = refreshRequests().length;
    await oauthProvider(provider).send(mailboxHandle(mailbox), email(mailbox.email, "Ending token"));
    expect(refreshRequests().length).toBe(before + 1);
  });

  it("checks a mailbox by signing in to SMTP and IMAP with XOAUTH2, renewing the token once for both", async () => {
    const mailbox = await connectedMailbox(provider, address("verify"), { accessTokenExpiresAt: new Date(Date.now() - 1000).toISOString() });
    const before = refreshRequests().length;
    const loginsBefore = imap.logins.length;
    await oauthProvider(provider).verify(mailboxHandle(mailbox));
    expect(refreshRequests().length).toBe(before + 1);
    const stored = await storedCredentials(mailbox.id);
    expect(imap.logins.slice(loginsBefore)).toEqual([{ user: mailbox.email, accessToken: stored.accessToken, accepted: true }]);
  });

  it("turns a revoked grant into oauth-expired, and the mailbox into status error with account.status_changed", async () => {
    const mailbox = await connectedMailbox(provider, address("revoked"), { accessToken: null, accessTokenExpiresAt: null });
    fake.revoke(mailbox.email);
    const failure = await oauthProvider(provider)
      .send(mailboxHandle(mailbox), email(mailbox.email, "Never sent"))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isMailProviderError(failure)).toBe(true);
    const error = failure as MailProviderError;
    expect(error.code).toBe("oauth-expired");
    expect(error.retryable).toBe(false);
    const name = provider === "google" ? "Google" : "Microsoft";
    expect(error.message).toBe(`${name} no longer lets Herald use this mailbox: reconnect it from the Mailboxes page.`);

    await markMailboxError(mailbox.id, error);
    const row = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(row.status).toBe("error");
    expect(row.error).toContain("reconnect");
    const events = await outboxEvents(mailbox.workspaceId, "account.status_changed");
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ channel: "email", account: { id: mailbox.id, status: "error" } });
  });
});

describe("a grant revoked while its access token is still current", () => {
  it.each(["google", "microsoft"] as const)("%s: the server's refusal leads to one refresh, whose invalid_grant is oauth-expired", async (provider) => {
    const mailbox = await connectedMailbox(provider, `live.${randomBytes(3).toString("hex")}@${provider}.test`);
    const handle = mailboxHandle(mailbox);
    fake.revoke(mailbox.email);
    const before = refreshRequests().length;
    const error = (await oauthProvider(provider).send(handle, email(mailbox.email, "Never sent")).catch((caught: unknown) => caught)) as MailProviderError;
    expect(error).toMatchObject({ code: "oauth-expired", retryable: false });
    expect(refreshRequests().length).toBe(before + 1);
    expect(smtp.messages.some((message) => message.raw.includes("Subject: Never sent"))).toBe(false);
  });

  it("a refusal with a token that was just renewed is the server's answer, not retried", async () => {
    const mailbox = await connectedMailbox("google", `refused.${randomBytes(3).toString("hex")}@gmail.test`, { accessTokenExpiresAt: new Date(0).toISOString() });
    const refusing = await startSmtpServer({ acceptAccessToken: () => false });
    try {
      const settings = { ...(mailbox.settings as { smtp: object; imap: object }), smtp: { host: "127.0.0.1", port: refusing.port, security: "none", username: mailbox.email } };
      const row = await db.mailbox.update({ where: { id: mailbox.id }, data: { settings } });
      const before = refreshRequests().length;
      const error = (await oauthProvider("google").send(mailboxHandle(row), email(mailbox.email, "x")).catch((caught: unknown) => caught)) as MailProviderError;
      expect(error.code).toBe("auth-failed");
      expect(refreshRequests().length).toBe(before + 1);
    } finally {
      await refusing.close();
    }
  });
});

describe("the token endpoint", () => {
  it("unreachable: a retryable host-unreachable, and the stored token is left as it was", async () => {
    const mailbox = await connectedMailbox("google", `offline.${randomBytes(3).toString("hex")}@gmail.test`, { accessTokenExpiresAt: new Date(0).toISOString() });
    process.env.HERALD_GOOGLE_TOKEN_URL = "http://127.0.0.1:1/token";
    resetEnv();
    const error = (await oauthProvider("google").send(mailboxHandle(mailbox), email(mailbox.email, "x")).catch((caught: unknown) => caught)) as MailProviderError;
    expect(error).toMatchObject({ code: "host-unreachable", retryable: true });
    expect(error.message).toContain("Google's sign-in service could not be reached");
    expect((await storedCredentials(mailbox.id)).accessTokenExpiresAt).toBe(new Date(0).toISOString());
  });

  it("is asked once when SMTP and IMAP want a token at the same moment", async () => {
    const mailbox = await connectedMailbox("microsoft", `both.${randomBytes(3).toString("hex")}@outlook.test`, { accessToken: null });
    const handle = mailboxHandle(mailbox);
    const before = refreshRequests().length;
    const [forSmtp, forImap] = await Promise.all([currentAccessToken("microsoft", handle, "smtp"), currentAccessToken("microsoft", handle, "imap")]);
    expect(forSmtp.accessToken).toBe(forImap.accessToken);
    expect(refreshRequests().length).toBe(before + 1);
  });

  it("without the provider's client settings: a plain auth-failed naming the settings", async () => {
    const mailbox = await connectedMailbox("google", `unset.${randomBytes(3).toString("hex")}@gmail.test`, { accessToken: null });
    delete process.env.HERALD_GOOGLE_CLIENT_ID;
    delete process.env.HERALD_GOOGLE_CLIENT_SECRET;
    resetEnv();
    const error = (await oauthProvider("google").send(mailboxHandle(mailbox), email(mailbox.email, "x")).catch((caught: unknown) => caught)) as MailProviderError;
    expect(error).toMatchObject({ code: "auth-failed", message: expect.stringContaining("HERALD_GOOGLE_CLIENT_ID and HERALD_GOOGLE_CLIENT_SECRET") });
  });
});
