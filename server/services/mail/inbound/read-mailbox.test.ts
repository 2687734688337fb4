// The reader against a scripted mail provider and the real database: each message moves the
// cursor as it is stored, paused mailboxes are read and broken ones are not, a refused sign-in puts
// the mailbox in error while other failures are retried, and one message that cannot be stored
// stops reading only until its third attempt, when it is kept bare and passed. The pool's warmup
// mail is passed over; a warmup header the pool did not write hides nothing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { warmupTag } from "../../../domain/mail/warmup-mail";
import { ManualClock, now, setClock, systemClock } from "../../../lib/clock";
import { setMailProvider } from "../../../providers/mail";
import { MailProviderError, type IncomingEmail, type MailProvider } from "../../../providers/mail/types";
import { createTestWorkspace } from "../../../test/factories";
import { encryptMailCredentials } from "../mailboxes/mailbox-columns";
import { MESSAGE_ATTEMPTS, readMailbox } from "./read-mailbox";
import { recordIncomingEmail } from "./record-incoming-email";
import { mailIdleMs, waitForMailboxMail } from "./wait-for-mailbox-mail";

/** What the scripted INBOX holds (positions 1, 2, 3…), and a failure to throw on the next fetch. */
let inbox: IncomingEmail[] = [];
let failNext: Error | null = null;

const provider: MailProvider = {
  name: "smtp",
  verify: async () => undefined,
  send: () => Promise.reject(new Error("not in this test")),
  findSent: async () => null,
  async fetchIncoming(_mailbox, input) {
    if (failNext) {
      const error = failNext;
      failNext = null;
      throw error;
    }
    const after = input.cursor === null ? 0 : Number(input.cursor);
    const messages = inbox.filter((email) => Number(email.uid) > after).slice(0, input.limit ?? 100);
    return { messages, cursor: messages.at(-1)?.uid ?? (inbox.at(-1)?.uid ?? input.cursor) };
  },
};

function message(position: number, overrides: Partial<IncomingEmail> = {}): IncomingEmail {
  return {
    uid: String(position),
    messageId: `<incoming-${position}.${Math.random().toString(36).slice(2)}@prospect.test>`,
    inReplyTo: null,
    references: [],
    from: { name: "Bob", address: "bob@prospect.test" },
    to: [{ name: null, address: "rep@acme.test" }],
    subject: `Message ${position}`,
    text: `Body ${position}`,
    html: null,
    headers: {},
    raw: `Subject: Message ${position}\r\n\r\nBody ${position}\r\n`,
    receivedAt: now().toISOString(),
    ...overrides,
  };
}

async function createMailbox(data: { status?: string; paused?: boolean } = {}) {
  const { workspace } = await createTestWorkspace();
  return db.mailbox.create({
    data: {
      workspaceId: workspace.id,
      label: "Rep",
      email: "rep@acme.test",
      provider: "smtp",
      authType: "password",
      connectedVia: "api",
      credentialsEncrypted: encryptMailCredentials({ kind: "password", smtpPassword: "x", imapPassword: "x" }),
      createdAt: now(),
      updatedAt: now(),
      ...data,
    },
  });
}

const inbound = (mailboxId: string) => db.emailMessage.findMany({ where: { mailboxId, direction: "inbound" }, orderBy: { uid: "asc" } });

beforeEach(() => {
  setClock(new ManualClock("2026-03-02T09:00:00Z"));
  setMailProvider("smtp", provider);
  inbox = [];
  failNext = null;
});

afterEach(() => {
  setMailProvider("smtp", undefined);
  setClock(systemClock);
});

describe("readMailbox", () => {
  it("stores each message once, moving the cursor with it, in batches up to the limit", async () => {
    const mailbox = await createMailbox();
    inbox = Array.from({ length: 5 }, (_, index) => message(index + 1));

    const first = await readMailbox(mailbox.id, { limit: 3 });
    expect(first).toMatchObject({ read: 3, more: true, outcomes: { unmatched: 3 } });
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).readCursor).toBe("3");

    const rest = await readMailbox(mailbox.id);
    expect(rest).toMatchObject({ read: 2, more: false });
    const stored = await inbound(mailbox.id);
    expect(stored.map((row) => [row.uid, row.subject, row.kind])).toEqual([1, 2, 3, 4, 5].map((n) => [String(n), `Message ${n}`, "unmatched"]));
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ readCursor: "5", readError: null, lastReadAt: now() });

    // Nothing new: nothing stored; the same messages again (a cursor set back) are duplicates.
    expect(await readMailbox(mailbox.id)).toMatchObject({ read: 0 });
    await db.mailbox.update({ where: { id: mailbox.id }, data: { readCursor: "3" } });
    expect(await readMailbox(mailbox.id)).toMatchObject({ read: 2, outcomes: { duplicate: 2 } });
    expect(await inbound(mailbox.id)).toHaveLength(5);
  });

  it("passes the pool's warmup mail over (tagged, and sent by the pool): nothing stored, the cursor moves past it", async () => {
    const mailbox = await createMailbox();
    /** An e-mail of the pool: stored as the pool stores what it sends, with the tag it carries. */
    const warmup = async (position: number, overrides: Partial<IncomingEmail> = {}) => {
      const email = message(position, overrides);
      const tag = warmupTag(email.messageId!);
      await db.warmupEmail.create({
        data: { fromMailboxId: "mbx_peer", toMailboxId: mailbox.id, messageId: email.messageId!, tag, status: "sent", date: "2026-03-02", scheduledAt: now(), sentAt: now(), createdAt: now() },
      });
      return { ...email, headers: { "x-herald-warmup": tag } };
    };
    inbox = [await warmup(1), await warmup(2), message(3), await warmup(4, { inReplyTo: "<wu.1@acme.test>", subject: "Re: Catching up" }), await warmup(5)];

    const result = await readMailbox(mailbox.id);
    expect(result).toMatchObject({ read: 5, outcomes: { warmup: 4, unmatched: 1 } });
    expect((await inbound(mailbox.id)).map((row) => row.uid)).toEqual(["3"]);
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).readCursor).toBe("5");
    expect(await db.conversation.count({ where: { accountId: mailbox.id } })).toBe(0);

    // Taken in one by one (another caller), a warmup e-mail is passed over the same way.
    expect(await recordIncomingEmail(mailbox, await warmup(6), "6")).toBe("warmup");
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).readCursor).toBe("6");
    expect(await inbound(mailbox.id)).toHaveLength(1);
  });

  it("takes in mail whose warmup header the pool did not write: anyone can add one", async () => {
    const mailbox = await createMailbox();
    const real = message(0);
    const realTag = warmupTag(real.messageId!);
    await db.warmupEmail.create({
      data: { fromMailboxId: "mbx_peer", toMailboxId: mailbox.id, messageId: real.messageId!, tag: realTag, status: "sent", date: "2026-03-02", scheduledAt: now(), sentAt: now(), createdAt: now() },
    });
    inbox = [
      // Not the pool's format.
      message(1, { headers: { "x-herald-warmup": "yes" } }),
      // The pool's format, but no e-mail the pool sent.
      message(2, { headers: { "x-herald-warmup": warmupTag("<made-up@prospect.test>") } }),
      // A real pool e-mail's tag, copied onto another message.
      message(3, { headers: { "x-herald-warmup": realTag } }),
      // A real pool e-mail's Message-ID with another tag.
      message(4, { messageId: real.messageId, headers: { "x-herald-warmup": warmupTag("<other@prospect.test>") } }),
    ];
    expect(await readMailbox(mailbox.id)).toMatchObject({ read: 4, outcomes: { warmup: 0, unmatched: 4 } });
    expect((await inbound(mailbox.id)).map((row) => row.uid)).toEqual(["1", "2", "3", "4"]);
    const spoofed = message(5, { headers: { "x-herald-warmup": realTag } });
    expect(await recordIncomingEmail(mailbox, spoofed, "5")).toBe("unmatched");
  });

  it("reads paused mailboxes, and not those in error or disconnected", async () => {
    inbox = [message(1)];
    const paused = await createMailbox({ paused: true });
    expect(await readMailbox(paused.id)).toMatchObject({ read: 1 });
    for (const status of ["error", "disconnected", "pending"]) {
      const broken = await createMailbox({ status });
      expect(await readMailbox(broken.id)).toMatchObject({ read: 0 });
    }
    expect(await readMailbox("mbx_removed")).toMatchObject({ read: 0 });
  });

  it("puts the mailbox in error when the server refuses the sign-in, and keeps other failures for the next read", async () => {
    const mailbox = await createMailbox();
    failNext = new MailProviderError("timeout", "The mail server imap.acme.test did not answer in time.");
    expect(await readMailbox(mailbox.id)).toMatchObject({ read: 0 });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ status: "connected", readError: "Reading new mail failed: The mail server imap.acme.test did not answer in time." });

    inbox = [message(1)];
    expect(await readMailbox(mailbox.id)).toMatchObject({ read: 1 });
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).readError).toBeNull();

    failNext = new MailProviderError("auth-failed", "The mail server refused the password for rep@acme.test.", { field: "imap.password" });
    await readMailbox(mailbox.id);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ status: "error", error: "The mail server refused the password for rep@acme.test." });
    expect(await readMailbox(mailbox.id)).toMatchObject({ read: 0 });
  });

  it("retries a message that cannot be stored, and after the last attempt keeps it bare and goes on", async () => {
    const mailbox = await createMailbox();
    // PostgreSQL refuses text with a NUL character: storing this message fails every time.
    inbox = [message(1), message(2, { subject: "Broken\u0000subject", text: "Still\u0000here" }), message(3)];
    for (let attempt = 1; attempt < MESSAGE_ATTEMPTS; attempt++) {
      expect(await readMailbox(mailbox.id)).toMatchObject({ read: attempt === 1 ? 1 : 0 });
      const row = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
      expect(row.readCursor).toBe("1");
      expect(row.readError).toMatch(new RegExp(`^A message received 2026-03-02 09:00 UTC could not be taken in \\(attempt ${attempt} of ${MESSAGE_ATTEMPTS}\\): Database error\\. .*0x00\`$`));
    }
    expect(await readMailbox(mailbox.id)).toMatchObject({ read: 2, outcomes: { skipped: 1, unmatched: 1 } });
    const stored = await inbound(mailbox.id);
    expect(stored.map((row) => [row.uid, row.subject, row.kind])).toEqual([
      ["1", "Message 1", "unmatched"],
      ["2", "Brokensubject", "unmatched"],
      ["3", "Message 3", "unmatched"],
    ]);
    expect(stored[1]!.skipReason).toMatch(new RegExp(`^Could not be taken in after ${MESSAGE_ATTEMPTS} attempts: Database error\\. `));
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ readCursor: "3", readError: null });
  });

  it("keeps the provider's position when no message arrived, so the next read starts there", async () => {
    const mailbox = await createMailbox();
    inbox = [];
    const position = { ...provider, fetchIncoming: async () => ({ messages: [], cursor: "7:41" }) };
    setMailProvider("smtp", position);
    expect(await readMailbox(mailbox.id)).toMatchObject({ read: 0 });
    expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).readCursor).toBe("7:41");
  });
});

describe("waitForMailboxMail", () => {
  afterEach(() => {
    delete process.env.HERALD_MAIL_IDLE_SECONDS;
  });

  it("reads HERALD_MAIL_IDLE_SECONDS: 45 s unless set, 0 turns IDLE off", () => {
    expect(mailIdleMs()).toBe(45_000);
    process.env.HERALD_MAIL_IDLE_SECONDS = "20";
    expect(mailIdleMs()).toBe(20_000);
    process.env.HERALD_MAIL_IDLE_SECONDS = "0";
    expect(mailIdleMs()).toBe(0);
    process.env.HERALD_MAIL_IDLE_SECONDS = "soon";
    expect(mailIdleMs()).toBe(45_000);
  });

  it("waits through the provider from the mailbox's cursor, and answers false without a push or when the wait fails", async () => {
    const mailbox = await createMailbox();
    await db.mailbox.update({ where: { id: mailbox.id }, data: { readCursor: "7:12" } });
    expect(await waitForMailboxMail(mailbox.id, 1_000)).toBe(false);

    const waits: Array<{ timeoutMs: number; cursor?: string | null }> = [];
    setMailProvider("smtp", { ...provider, waitForIncoming: async (_handle, input) => (waits.push(input), true) });
    expect(await waitForMailboxMail(mailbox.id, 1_000)).toBe(true);
    expect(waits).toEqual([{ timeoutMs: 1_000, cursor: "7:12" }]);
    expect(await waitForMailboxMail(mailbox.id, 0)).toBe(false);

    setMailProvider("smtp", { ...provider, waitForIncoming: () => Promise.reject(new MailProviderError("timeout", "No answer")) });
    expect(await waitForMailboxMail(mailbox.id, 1_000)).toBe(false);
    const broken = await createMailbox({ status: "error" });
    expect(await waitForMailboxMail(broken.id, 1_000)).toBe(false);
  });
});
