// Reading a real IMAP INBOX (Dovecot, server/test/mail-servers.ts) through the password provider:
// bad input never stops the reader (oversized, malformed, unknown charsets, NUL bytes), and IMAP
// IDLE answers soon after a delivery.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startDovecot, type DovecotServer } from "@/server/test/mail-servers";
import type { MailboxHandle, MailProvider } from "../types";
import { createSmtpImapProvider } from "./smtp-imap-provider";

let dovecot: DovecotServer;
let provider: MailProvider;
let users = 0;

beforeAll(async () => {
  dovecot = await startDovecot();
  provider = createSmtpImapProvider();
}, 60_000);

afterAll(async () => {
  await dovecot?.close();
});

afterEach(() => {
  delete process.env.HERALD_MAIL_MAX_MESSAGE_BYTES;
});

/** A fresh mailbox (its own INBOX) for each test. */
async function freshMailbox(): Promise<MailboxHandle> {
  users += 1;
  const email = `reader${users}@example.test`;
  await dovecot.addUser(email, "secret");
  const server = { host: "127.0.0.1", port: dovecot.imapPort, security: "none" as const, username: email };
  return { id: `mbx_reader${users}`, workspaceId: "wsp_reader", email, provider: "smtp", settings: { smtp: server, imap: server }, credentials: { kind: "password", smtpPassword: "secret", imapPassword: "secret" } };
}

const head = (id: string, extra = "") =>
  `From: Bob <bob@prospect.test>\r\nTo: rep@herald.test\r\nSubject: ${id}\r\nMessage-ID: <${id}@prospect.test>\r\nDate: ${new Date().toUTCString()}\r\n${extra}`;

describe("reading bad input", () => {
  it("reads a message above the size limit only in part, and marks it", async () => {
    process.env.HERALD_MAIL_MAX_MESSAGE_BYTES = "300000";
    const mailbox = await freshMailbox();
    const attachment = Buffer.alloc(600_000, 7).toString("base64").replace(/(.{76})/g, "$1\r\n");
    const big = `${head("big", 'MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b1"\r\n')}\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nYes, let's talk on Tuesday.\r\n--b1\r\nContent-Type: application/octet-stream; name="deck.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment}\r\n--b1--\r\n`;
    await dovecot.deliver(mailbox.email, big);
    await dovecot.deliver(mailbox.email, `${head("small")}\r\nThanks!\r\n`);
    const { messages } = await provider.fetchIncoming(mailbox, { cursor: null, since: new Date(Date.now() - 60_000) });
    expect(messages.map((message) => message.subject)).toEqual(["big", "small"]);
    expect(messages[0]).toMatchObject({ messageId: "<big@prospect.test>", text: expect.stringContaining("Yes, let's talk on Tuesday."), incomplete: expect.stringMatching(/^Too large \(\d\.\d MB\): only its first 256 KB were read$/) });
    expect(messages[0]!.raw.length).toBeLessThanOrEqual(256 * 1024);
    expect(messages[1]).not.toHaveProperty("incomplete");
  });

  it("reads malformed MIME, unknown charsets and NUL bytes without throwing", async () => {
    const mailbox = await freshMailbox();
    // A multipart without its closing boundary, a charset nobody knows, a text part with NUL bytes, no headers at all.
    await dovecot.deliver(mailbox.email, `${head("broken", 'MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary="never-closed"\r\n')}\r\n--never-closed\r\nContent-Type: text/plain\r\n\r\nStill readable\r\n`);
    await dovecot.deliver(mailbox.email, `${head("charset", "Content-Type: text/plain; charset=x-klingon-1\r\n")}\r\nQapla' to you\r\n`);
    await dovecot.deliver(mailbox.email, `${head("nul")}\r\nbefore\u0000after\r\n`);
    await dovecot.deliver(mailbox.email, `\r\nno headers at all\r\n`);
    const { messages } = await provider.fetchIncoming(mailbox, { cursor: null, since: new Date(Date.now() - 60_000) });
    expect(messages).toHaveLength(4);
    expect(messages[0]).toMatchObject({ subject: "broken", text: expect.stringContaining("Still readable") });
    expect(messages[1]).toMatchObject({ subject: "charset", text: expect.stringContaining("Qapla' to you") });
    // The server or the parser may have replaced the NUL already; either way none is left to refuse storing.
    expect(messages[2]!.text).toMatch(/^before\uFFFD?after\s*$/u);
    expect(messages.every((message) => !message.raw.includes("\u0000"))).toBe(true);
    expect(messages[3]).toMatchObject({ messageId: null, from: null, subject: "", text: expect.stringContaining("no headers at all") });
  });
});

describe("waitForIncoming (IMAP IDLE)", () => {
  it("resolves true soon after a delivery, and false when nothing arrives in time", async () => {
    const mailbox = await freshMailbox();
    const { cursor } = await provider.fetchIncoming(mailbox, { cursor: null, since: new Date(Date.now() - 60_000) });

    const quiet = Date.now();
    expect(await provider.waitForIncoming!(mailbox, { timeoutMs: 700, cursor })).toBe(false);
    expect(Date.now() - quiet).toBeGreaterThanOrEqual(650);

    const started = Date.now();
    const waiting = provider.waitForIncoming!(mailbox, { timeoutMs: 20_000, cursor });
    setTimeout(() => void dovecot.deliver(mailbox.email, `${head("pushed")}\r\nHello\r\n`), 500);
    expect(await waiting).toBe(true);
    // Dovecot tells an idling client within a second or two of the delivery (its IDLE check interval).
    expect(Date.now() - started).toBeLessThan(8_000);

    // Mail that arrived after the reader's cursor before the wait began ends it at once.
    const atOnce = Date.now();
    expect(await provider.waitForIncoming!(mailbox, { timeoutMs: 20_000, cursor })).toBe(true);
    expect(Date.now() - atOnce).toBeLessThan(2_000);

    const aborted = new AbortController();
    setTimeout(() => aborted.abort(), 300);
    const latest = await provider.fetchIncoming(mailbox, { cursor, since: new Date(0) });
    expect(await provider.waitForIncoming!(mailbox, { timeoutMs: 20_000, cursor: latest.cursor, signal: aborted.signal })).toBe(false);
  });
});
