// A pool round on real mail servers: three password mailboxes on smtp-server delivering into
// Dovecot, whose "filter" files everything from north.test into Junk. The pool sends through SMTP,
// finds its mail over IMAP in the INBOX and in Junk, rescues it from Junk to the INBOX (checked over
// IMAP), replies threaded with In-Reply-To, and the regular inbound reader passes all of it over.
import { ImapFlow } from "imapflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import { ManualClock, now, setClock } from "../../../lib/clock";
import { readMailbox } from "../../../services/mail/inbound/read-mailbox";
import { encryptMailCredentials } from "../../../services/mail/mailboxes/mailbox-columns";
import { createTestWorkspace } from "../../../test/factories";
import { startDovecot, startSmtpServer, type DovecotServer, type TestSmtpServer } from "../../../test/mail-servers";
import { createPoolMailbox } from "../../../test/warmup-pool-fixtures";
import { setMailProvider } from "../../mail";
import { createSmtpImapProvider } from "../../mail/smtp/smtp-imap-provider";
import { createPoolWarmupNetwork } from "./pool-warmup-network";

const USERS = [
  { email: "ann@north.test", password: "ann-secret" },
  { email: "bob@south.test", password: "bob-secret" },
  { email: "cleo@east.test", password: "cleo-secret" },
];
const password = (email: string) => USERS.find((user) => user.email === email)!.password;
// Replies to everything, so the round shows one; 4 a day: 2 first e-mails, room for 2 replies.
const STRATEGY = { startingVolume: 4, dailyIncrease: 1, targetVolume: 10, replyInbox: [100, 100] as [number, number], replyPromotions: [100, 100] as [number, number], replySpam: 100 };

let dovecot: DovecotServer;
let smtp: TestSmtpServer;
let clock: ManualClock;
const mailboxes: Mailbox[] = [];
const network = createPoolWarmupNetwork();

async function withImap<T>(email: string, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({ host: "127.0.0.1", port: dovecot.imapPort, secure: false, auth: { user: email, pass: password(email) }, logger: false });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}

/** Tagged messages in a folder, with their Message-ID, flags and threading. */
async function tagged(email: string, folder: string) {
  return withImap(email, async (client) => {
    const lock = await client.getMailboxLock(folder);
    try {
      const uids = await client.search({ header: { "x-herald-warmup": true } }, { uid: true });
      if (!Array.isArray(uids) || !uids.length) return [];
      const messages = await client.fetchAll(uids.join(","), { uid: true, envelope: true, flags: true, headers: ["x-herald-warmup", "in-reply-to"] }, { uid: true });
      return messages.map((message) => ({ messageId: message.envelope!.messageId!, seen: message.flags!.has("\\Seen"), headers: message.headers!.toString() }));
    } finally {
      lock.release();
    }
  });
}

beforeAll(async () => {
  dovecot = await startDovecot();
  for (const user of USERS) await dovecot.addUser(user.email, user.password);
  // Dovecot's "spam filter": mail from north.test goes to Junk.
  const filtered: DovecotServer = {
    ...dovecot,
    async deliver(email, raw) {
      if (!/^From:.*@north\.test/im.test(raw.split(/\r?\n\r?\n/)[0] ?? "")) return dovecot.deliver(email, raw);
      await withImap(email, (client) => client.append("Junk", raw).then(() => undefined));
    },
  };
  smtp = await startSmtpServer({ users: Object.fromEntries(USERS.map((user) => [user.email, user.password])), deliverTo: filtered });
  setMailProvider("smtp", createSmtpImapProvider({ timeoutMs: 5_000, poolIdleMs: 1_000 }));

  // 20:00 UTC of today (or tomorrow): the day's first e-mails (08:00–18:00) are all due. IMAP's
  // SINCE counts days of the servers' real clock, so Herald's clock stays within a day of it.
  const real = new Date();
  const evening = new Date(`${real.toISOString().slice(0, 10)}T20:00:00Z`);
  clock = new ManualClock(evening > real ? evening : new Date(evening.getTime() + 86_400_000));
  setClock(clock);
  const { workspace } = await createTestWorkspace();
  for (const user of USERS) {
    const settings = { host: "127.0.0.1", security: "none", username: user.email };
    mailboxes.push(
      await createPoolMailbox({
        workspaceId: workspace.id,
        email: user.email,
        provider: "smtp",
        strategy: STRATEGY,
        startDate: now().toISOString().slice(0, 10),
        at: now(),
        settings: { smtp: { ...settings, port: smtp.port }, imap: { ...settings, port: dovecot.imapPort } },
        credentialsEncrypted: encryptMailCredentials({ kind: "password", smtpPassword: user.password, imapPassword: user.password }),
      }),
    );
  }
  // The inbound reader's first read asks IMAP for what arrived SINCE the mailbox was created, a date
  // the servers count on their real clock: after 20:00 UTC Herald's clock is on tomorrow's date,
  // so the mailboxes are dated by the real clock, as they would be.
  await db.mailbox.updateMany({ where: { id: { in: mailboxes.map((mailbox) => mailbox.id) } }, data: { createdAt: real } });
}, 60_000);

afterAll(async () => {
  setMailProvider("smtp", undefined);
  await smtp?.close();
  await dovecot?.close();
});

describe("a pool round on real mail servers", () => {
  it("sends through SMTP, finds the mail in the INBOX and in Junk, opens it and rescues it from Junk", async () => {
    const result = await network.tick(now());
    expect(result).toMatchObject({ sent: 6, read: 6, rescued: 2, failed: 0 });
    expect(smtp.messages).toHaveLength(6);
    expect(smtp.messages.every((message) => /^X-Herald-Warmup: hw1-/m.test(message.raw))).toBe(true);

    const ann = mailboxes[0]!;
    const fromAnn = await db.warmupEmail.findMany({ where: { fromMailboxId: ann.id, replyToId: null } });
    expect(fromAnn).toHaveLength(2);
    expect(fromAnn.every((email) => email.landing === "spam" && email.rescuedAt && email.openedAt)).toBe(true);
    const others = await db.warmupEmail.findMany({ where: { fromMailboxId: { not: ann.id }, replyToId: null } });
    expect(others.every((email) => email.landing === "inbox" && email.openedAt && !email.rescuedAt)).toBe(true);

    // Over IMAP: Ann's e-mails left Junk for the INBOX, seen; nothing tagged is left in Junk.
    for (const email of fromAnn) {
      const recipient = mailboxes.find((mailbox) => mailbox.id === email.toMailboxId)!;
      expect(await tagged(recipient.email, "Junk")).toEqual([]);
      expect(await tagged(recipient.email, "INBOX")).toContainEqual(expect.objectContaining({ messageId: email.messageId, seen: true }));
    }
    const days = await db.warmupDay.findMany({ where: { mailboxId: ann.id } });
    expect(days).toEqual([expect.objectContaining({ sent: 2, spam: 2, inbox: 0, received: 2, opened: 2 })]);
  });

  it("replies, threaded and tagged, within each mailbox's day volume", async () => {
    clock.advance(3 * 3_600_000);
    await network.tick(now());
    const replies = await db.warmupEmail.findMany({ where: { replyToId: { not: null } } });
    expect(replies.length).toBeGreaterThanOrEqual(3);
    expect(replies.every((reply) => reply.status === "sent")).toBe(true);
    for (const mailbox of mailboxes) expect(await db.warmupEmail.count({ where: { fromMailboxId: mailbox.id } })).toBeLessThanOrEqual(4);

    const reply = replies[0]!;
    const original = await db.warmupEmail.findUniqueOrThrow({ where: { id: reply.replyToId! } });
    expect(original.repliedAt).not.toBeNull();
    const originalSender = mailboxes.find((mailbox) => mailbox.id === original.fromMailboxId)!;
    const inbox = await tagged(originalSender.email, "INBOX");
    const delivered = inbox.find((message) => message.messageId === reply.messageId)!;
    expect(delivered.headers).toContain(`In-Reply-To: ${original.messageId}`);
    expect(delivered.headers).toContain(`X-Herald-Warmup: ${reply.tag}`);
    // The reply was read on arrival too.
    expect(delivered.seen).toBe(true);
  });

  it("is passed over by the regular inbound reader: no message, conversation or count", async () => {
    for (const mailbox of mailboxes) {
      const result = await readMailbox(mailbox.id);
      expect(result.outcomes.warmup).toBeGreaterThan(0);
      expect(result.read).toBe(result.outcomes.warmup);
      expect((await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).readCursor).toMatch(/^\d+:\d+$/);
    }
    expect(await db.emailMessage.count()).toBe(0);
    expect(await db.conversation.count()).toBe(0);
    expect((await db.mailbox.findMany()).every((mailbox) => mailbox.sentCount === 0)).toBe(true);
  });
});
