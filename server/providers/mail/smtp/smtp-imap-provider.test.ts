// The password mail provider against real servers: smtp-server in this process and Dovecot as a
// child process (server/test/mail-servers.ts), so connecting, TLS, AUTH, refusals, threading
// headers, the Sent folder and INBOX reading are what a real provider's servers would show.
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startDovecot, startSmtpServer, TEST_TLS_CERT, type DovecotServer, type TestSmtpServer } from "@/server/test/mail-servers";
import { MailProviderError, type MailboxHandle, type MailProvider, type MailSecurity, type OutgoingEmail } from "../types";
import { createMailServerProvider, createSmtpImapProvider, passwordAuth } from "./smtp-imap-provider";

const ANN = { email: "ann@herald.test", smtpPassword: "ann-smtp-secret", imapPassword: "ann-imap-secret" };
const BOB = { email: "bob@example.test", password: "bob-imap-secret" };

let dovecot: DovecotServer;
let smtp: TestSmtpServer;
let provider: MailProvider;

interface HandleOverrides {
  email?: string;
  smtpPort?: number;
  smtpSecurity?: MailSecurity;
  smtpPassword?: string;
  imapPort?: number;
  imapSecurity?: MailSecurity;
  imapUser?: string;
  imapPassword?: string;
}

function mailbox(overrides: HandleOverrides = {}): MailboxHandle {
  const email = overrides.email ?? ANN.email;
  return {
    id: `mbx_${email.replace(/\W/g, "")}`,
    workspaceId: "wsp_mailtest",
    email,
    provider: "smtp",
    settings: {
      smtp: { host: "127.0.0.1", port: overrides.smtpPort ?? smtp.port, security: overrides.smtpSecurity ?? "none", username: email },
      imap: { host: "127.0.0.1", port: overrides.imapPort ?? dovecot.imapPort, security: overrides.imapSecurity ?? "none", username: overrides.imapUser ?? email },
    },
    credentials: { kind: "password", smtpPassword: overrides.smtpPassword ?? ANN.smtpPassword, imapPassword: overrides.imapPassword ?? ANN.imapPassword },
  };
}

const bobMailbox = () => mailbox({ email: BOB.email, imapPassword: BOB.password });

function outgoing(overrides: Partial<OutgoingEmail> & { messageId: string }): OutgoingEmail {
  return {
    from: { name: "Ann Example", address: ANN.email },
    to: { name: "Bob", address: BOB.email },
    subject: "Quick question about Example Co",
    text: "Hi Bob,\n\nWould a short call next week work?\n\nAnn",
    html: "<p>Hi Bob,</p><p>Would a short call next week work?</p><p>Ann</p>",
    inReplyTo: null,
    references: [],
    headers: {
      "List-Unsubscribe": "<https://herald.test/u/tok123>, <mailto:unsubscribe@herald.test?subject=unsubscribe>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<MailProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailProviderError);
  return error as MailProviderError;
}

let uniqueCount = 0;
const uniqueId = (label: string) => `<${label}.${Date.now()}.${++uniqueCount}@herald.test>`;

beforeAll(async () => {
  dovecot = await startDovecot();
  await dovecot.addUser(ANN.email, ANN.imapPassword);
  await dovecot.addUser(BOB.email, BOB.password);
  smtp = await startSmtpServer({
    users: { [ANN.email]: ANN.smtpPassword },
    deliverTo: dovecot,
    refuseRecipient: (address) => (address === "nobody@example.test" ? { code: 550, message: "5.1.1 The email account that you tried to reach does not exist" } : address === "busy@example.test" ? { code: 451, message: "4.3.0 Try again later" } : null),
    refuseSender: (address) => (address === "blocked@herald.test" ? { code: 550, message: "5.7.1 Sending disabled for this account" } : null),
  });
  // Also trusts the test servers' self-signed certificate, so the TLS and STARTTLS paths really run.
  provider = createSmtpImapProvider({ timeoutMs: 2_000, ca: TEST_TLS_CERT });
});

afterAll(async () => {
  await smtp?.close();
  await dovecot?.close();
});

describe("verify", () => {
  it("accepts a mailbox whose SMTP and IMAP sign-ins work", async () => {
    await expect(provider.verify(mailbox())).resolves.toBeUndefined();
  });

  it("names the SMTP host when nothing listens on the port", async () => {
    const port = await freePort();
    const error = await failure(provider.verify(mailbox({ smtpPort: port })));
    expect(error).toMatchObject({ code: "host-unreachable", field: "smtp.host", retryable: true });
    expect(error.message).toContain(`127.0.0.1:${port}`);
  });

  it("names the IMAP host when nothing listens on its port", async () => {
    const error = await failure(provider.verify(mailbox({ imapPort: await freePort() })));
    expect(error).toMatchObject({ code: "host-unreachable", field: "imap.host" });
  });

  it("reports a host that resolves to nothing", async () => {
    const handle = mailbox();
    handle.settings!.smtp.host = "no-such-host.invalid";
    const error = await failure(provider.verify(handle));
    expect(error).toMatchObject({ code: "host-unreachable", field: "smtp.host" });
    expect(error.message).toContain("no-such-host.invalid");
  });

  it("gives up on a server that never answers, quickly", async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      for (const security of ["none", "tls"] as const) {
        const started = Date.now();
        const error = await failure(provider.verify(mailbox({ smtpPort: port, smtpSecurity: security })));
        expect(error, security).toMatchObject({ code: "host-unreachable", field: "smtp.host" });
        expect(error.message).toMatch(/did not answer in time/);
        expect(Date.now() - started).toBeLessThan(10_000);
      }
    } finally {
      silent.close();
    }
  });

  it("reports TLS against a plain SMTP port as a security mismatch and suggests the usual pairs", async () => {
    const error = await failure(provider.verify(mailbox({ smtpSecurity: "tls" })));
    expect(error).toMatchObject({ code: "tls-failed", field: "smtp.security" });
    expect(error.message).toMatch(/465 with TLS and 587 with STARTTLS/);
  });

  it("reports TLS against a plain IMAP port the same way", async () => {
    const error = await failure(provider.verify(mailbox({ imapSecurity: "tls" })));
    expect(error).toMatchObject({ code: "tls-failed", field: "imap.security" });
    expect(error.message).toMatch(/993 with TLS/);
  });

  it("connects with TLS from the first byte and with STARTTLS, and refuses STARTTLS where the server offers none", async () => {
    const secure = await startSmtpServer({ secure: true, users: { [ANN.email]: ANN.smtpPassword } });
    const plainOnly = await startSmtpServer({ noStartTls: true, users: { [ANN.email]: ANN.smtpPassword } });
    try {
      await expect(provider.verify(mailbox({ smtpPort: secure.port, smtpSecurity: "tls" }))).resolves.toBeUndefined();
      await expect(provider.verify(mailbox({ smtpSecurity: "starttls" }))).resolves.toBeUndefined();
      const error = await failure(provider.verify(mailbox({ smtpPort: plainOnly.port, smtpSecurity: "starttls" })));
      expect(error).toMatchObject({ code: "tls-failed", field: "smtp.security" });
    } finally {
      await secure.close();
      await plainOnly.close();
    }
  });

  it("refuses a certificate it cannot trust", async () => {
    const secure = await startSmtpServer({ secure: true, users: { [ANN.email]: ANN.smtpPassword } });
    try {
      const untrusting = createSmtpImapProvider({ timeoutMs: 2_000 });
      const error = await failure(untrusting.verify(mailbox({ smtpPort: secure.port, smtpSecurity: "tls" })));
      expect(error).toMatchObject({ code: "tls-failed", field: "smtp.security" });
      expect(error.message).toMatch(/certificate/);
    } finally {
      await secure.close();
    }
  });

  it("points at the SMTP password when the SMTP sign-in is refused, and mentions app passwords", async () => {
    const error = await failure(provider.verify(mailbox({ smtpPassword: "wrong" })));
    expect(error).toMatchObject({ code: "auth-failed", field: "smtp.password", retryable: false });
    expect(error.message).toMatch(/app password/);
    expect(error.serverResponse).toMatch(/^535/);
  });

  it("points at the IMAP password when the IMAP sign-in is refused", async () => {
    const error = await failure(provider.verify(mailbox({ imapPassword: "wrong" })));
    expect(error).toMatchObject({ code: "auth-failed", field: "imap.password" });
  });
});

describe("send", () => {
  it("sends a thread of three e-mails whose headers arrive intact and chain", async () => {
    const bob = bobMailbox();
    const start = await provider.fetchIncoming(bob, { cursor: null, since: new Date(Date.now() - 60_000) });
    const first = uniqueId("first");
    const second = uniqueId("second");
    const third = uniqueId("third");
    const sent = [
      await provider.send(mailbox(), outgoing({ messageId: first })),
      await provider.send(mailbox(), outgoing({ messageId: second, subject: "Re: Quick question about Example Co", inReplyTo: first, references: [first] })),
      await provider.send(mailbox(), outgoing({ messageId: third, subject: "Re: Quick question about Example Co", inReplyTo: second, references: [first, second] })),
    ];
    expect(sent.map((entry) => entry.messageId)).toEqual([first, second, third]);
    expect(sent[0]!.response).toMatch(/^250 /);
    expect(Number.isNaN(Date.parse(sent[0]!.acceptedAt))).toBe(false);

    const { messages } = await provider.fetchIncoming(bob, { cursor: start.cursor, since: new Date(Date.now() - 60_000) });
    expect(messages.map((message) => message.messageId)).toEqual([first, second, third]);
    const [one, two, three] = messages;
    expect(one).toMatchObject({ inReplyTo: null, references: [], subject: "Quick question about Example Co", from: { name: "Ann Example", address: ANN.email }, to: [{ address: BOB.email }] });
    expect(two).toMatchObject({ inReplyTo: first, references: [first], subject: "Re: Quick question about Example Co" });
    expect(three).toMatchObject({ inReplyTo: second, references: [first, second], subject: "Re: Quick question about Example Co" });
    for (const message of messages) {
      expect(message.headers["list-unsubscribe"]).toBe("<https://herald.test/u/tok123>, <mailto:unsubscribe@herald.test?subject=unsubscribe>");
      expect(message.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(message.text).toContain("Would a short call next week work?");
      expect(message.html).toContain("<p>Would a short call next week work?</p>");
      expect(message.raw).toContain(`Message-ID: ${message.messageId}`);
    }
  });

  it("keeps a copy in the sender's Sent folder, which findSent finds by Message-ID", async () => {
    const messageId = uniqueId("sent-copy");
    const since = new Date(Date.now() - 60_000);
    expect(await provider.findSent(mailbox(), messageId, since)).toBe(false);
    await provider.send(mailbox(), outgoing({ messageId }));
    expect(await provider.findSent(mailbox(), messageId, since)).toBe(true);
    expect(await provider.findSent(mailbox(), uniqueId("never-sent"), since)).toBe(false);
  });

  it("files each copy over the mailbox's kept IMAP connection, replaced when the password changes", async () => {
    const since = new Date(Date.now() - 60_000);
    const ids = [uniqueId("kept-1"), uniqueId("kept-2"), uniqueId("wrong-imap-password"), uniqueId("kept-3")];
    await provider.send(mailbox(), outgoing({ messageId: ids[0]! }));
    await provider.send(mailbox(), outgoing({ messageId: ids[1]! }));
    // A connection kept from the right password must not be reused for settings that no longer sign in.
    await provider.send(mailbox({ imapPassword: "changed" }), outgoing({ messageId: ids[2]! }));
    await provider.send(mailbox(), outgoing({ messageId: ids[3]! }));
    const found = await Promise.all(ids.map((id) => provider.findSent(mailbox(), id, since)));
    expect(found).toEqual([true, true, false, true]);
  });

  it("keeps no copy for Google, whose SMTP files one itself", async () => {
    const google = createMailServerProvider("google", passwordAuth, { timeoutMs: 2_000 });
    const messageId = uniqueId("google");
    await google.send(mailbox(), outgoing({ messageId }));
    expect(smtp.messages.some((message) => message.messageId === messageId)).toBe(true);
    expect(await provider.findSent(mailbox(), messageId, new Date(Date.now() - 60_000))).toBe(false);
  });

  it("still reports the send when the Sent copy cannot be kept", async () => {
    const messageId = uniqueId("no-imap");
    const sent = await provider.send(mailbox({ imapPort: await freePort() }), outgoing({ messageId }));
    expect(sent.messageId).toBe(messageId);
    expect(smtp.messages.some((message) => message.messageId === messageId)).toBe(true);
  });

  it("reuses pooled connections across sends", async () => {
    const before = smtp.connections();
    await Promise.all(Array.from({ length: 6 }, (_, index) => provider.send(mailbox(), outgoing({ messageId: uniqueId(`pooled-${index}`) }))));
    expect(smtp.connections() - before).toBeLessThanOrEqual(2);
  });

  it("reports a refused recipient, and nothing is delivered", async () => {
    const messageId = uniqueId("refused");
    const error = await failure(provider.send(mailbox(), outgoing({ messageId, to: { name: null, address: "nobody@example.test" } })));
    expect(error).toMatchObject({ code: "recipient-refused", retryable: false });
    expect(error.message).toContain("nobody@example.test");
    expect(error.serverResponse).toMatch(/^550 /);
    expect(smtp.messages.some((message) => message.messageId === messageId)).toBe(false);
  });

  it("reports a temporary refusal as retryable", async () => {
    const error = await failure(provider.send(mailbox(), outgoing({ messageId: uniqueId("busy"), to: { name: null, address: "busy@example.test" } })));
    expect(error).toMatchObject({ code: "mail-failed", retryable: true });
  });

  it("reports a sender the server will not send for", async () => {
    const blocked = { ...mailbox(), email: "blocked@herald.test" };
    const error = await failure(provider.send(blocked, outgoing({ messageId: uniqueId("blocked"), from: { name: null, address: "blocked@herald.test" } })));
    expect(error).toMatchObject({ code: "sending-refused", retryable: false });
  });

  it("reports a refused sign-in and an unreachable server", async () => {
    expect(await failure(provider.send(mailbox({ smtpPassword: "changed" }), outgoing({ messageId: uniqueId("auth") })))).toMatchObject({ code: "auth-failed", field: "smtp.password" });
    expect(await failure(provider.send(mailbox({ email: "carol@herald.test", smtpPort: await freePort() }), outgoing({ messageId: uniqueId("down") })))).toMatchObject({
      code: "host-unreachable",
      retryable: true,
    });
  });
});

describe("XOAUTH2 (the factory the Google and Microsoft providers use)", () => {
  it("sends with an access token the server accepts, and reports a refused token without blaming a password field", async () => {
    const oauthServer = await startSmtpServer({ acceptAccessToken: (user, token) => user === ANN.email && token === "fresh-token" });
    try {
      let token = "fresh-token";
      const oauth = createMailServerProvider("microsoft", async (handle) => ({ type: "oauth2", user: handle.email, accessToken: token }), { timeoutMs: 2_000, saveCopyToSent: false });
      const handle = mailbox({ smtpPort: oauthServer.port });
      const messageId = uniqueId("oauth");
      await oauth.send(handle, outgoing({ messageId }));
      expect(oauthServer.messages.map((message) => ({ id: message.messageId, user: message.user }))).toEqual([{ id: messageId, user: ANN.email }]);

      token = "revoked-token";
      const error = await failure(oauth.send(handle, outgoing({ messageId: uniqueId("oauth-revoked") })));
      expect(error).toMatchObject({ code: "auth-failed", field: null });
      expect(error.message).toMatch(/Reconnect the mailbox/);
    } finally {
      await oauthServer.close();
    }
  });
});

describe("fetchIncoming", () => {
  it("returns only what arrived after the cursor, oldest first, and starts over when the folder was renumbered", async () => {
    const bob = bobMailbox();
    const since = new Date(Date.now() - 60_000);
    const reply = (label: string) => `From: Bob <${BOB.email}>\r\nTo: ${ANN.email}\r\nSubject: ${label}\r\nMessage-ID: <${label}@example.test>\r\nDate: ${new Date().toUTCString()}\r\n\r\n${label} body\r\n`;
    const first = await provider.fetchIncoming(bob, { cursor: null, since });
    expect(first.cursor).toMatch(/^\d+:\d+$/);

    await dovecot.deliver(BOB.email, reply("incoming-one"));
    await dovecot.deliver(BOB.email, reply("incoming-two"));
    const second = await provider.fetchIncoming(bob, { cursor: first.cursor, since });
    expect(second.messages.map((message) => message.subject)).toEqual(["incoming-one", "incoming-two"]);
    expect(second.messages[0]).toMatchObject({ messageId: "<incoming-one@example.test>", from: { name: "Bob", address: BOB.email }, text: expect.stringMatching(/^incoming-one body\s*$/) });
    // Each message carries its own cursor: reading resumes right after it.
    expect(second.messages.map((message) => message.uid.split(":")[0])).toEqual([second.cursor!.split(":")[0], second.cursor!.split(":")[0]]);
    expect(Number(second.messages[1]!.uid.split(":")[1])).toBeGreaterThan(Number(second.messages[0]!.uid.split(":")[1]));
    expect(second.messages[1]!.uid).toBe(second.cursor);

    const limited = await provider.fetchIncoming(bob, { cursor: first.cursor, since, limit: 1 });
    expect(limited.messages.map((message) => message.subject)).toEqual(["incoming-one"]);
    const rest = await provider.fetchIncoming(bob, { cursor: limited.cursor, since });
    expect(rest.messages.map((message) => message.subject)).toEqual(["incoming-two"]);

    const nothing = await provider.fetchIncoming(bob, { cursor: second.cursor, since });
    expect(nothing.messages).toEqual([]);
    expect(nothing.cursor).toBe(second.cursor);

    // A cursor from another UIDVALIDITY means the UIDs changed meaning: read again from `since`.
    const renumbered = await provider.fetchIncoming(bob, { cursor: `1${second.cursor}`, since });
    expect(renumbered.messages.map((message) => message.subject)).toEqual(expect.arrayContaining(["incoming-one", "incoming-two"]));
  });
});
