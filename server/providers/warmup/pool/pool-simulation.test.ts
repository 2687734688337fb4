// The simulation: 30 days of Herald's warmup pool with 20 sandbox mailboxes in three
// workspaces (four of them on a domain whose DNS fails), driven by the injectable clock. Volumes
// follow the ramp and no mailbox sends more than its day's volume; warmup mail never reaches
// campaigns, the inbox or any count (the regular reader runs too and passes it over); and health,
// from where the mail landed, is worse for the mailboxes whose DNS fails.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { warmupHealth, warmupVolumeOnDay } from "../../../domain/mail/warmup-ramp";
import { ManualClock, now, setClock } from "../../../lib/clock";
import type { TWarmupStrategyValues } from "../../../schemas/mailbox-health";
import { readSandboxMailboxes } from "../../../services/mail/inbound/read-sandbox-mailboxes";
import { countMailboxUsage } from "../../../services/mail/mailboxes/count-mailbox-usage";
import { createTestWorkspace } from "../../../test/factories";
import { createPoolMailbox } from "../../../test/warmup-pool-fixtures";
import type { Mailbox } from "../../../db/generated/client";
import { createPoolWarmupNetwork } from "./pool-warmup-network";
import { firstEmailsOnDay } from "./pool-plan";

const STRATEGY: TWarmupStrategyValues = { startingVolume: 2, dailyIncrease: 1, targetVolume: 8, replyInbox: [20, 30], replyPromotions: [10, 20], replySpam: 5 };
const DAYS = 30;
const START = "2026-03-02";
const TICK_HOURS = [10, 20];
const FAILING_DOMAINS = new Set(["broken-dns.test", "no-records.test"]);

function dateOf(day: number): string {
  return new Date(Date.parse(`${START}T00:00:00Z`) + (day - 1) * 86_400_000).toISOString().slice(0, 10);
}

let clock: ManualClock;
const mailboxes: Mailbox[] = [];
const network = createPoolWarmupNetwork();

beforeAll(async () => {
  clock = new ManualClock(`${START}T06:00:00Z`);
  setClock(clock);
  const workspaces = await Promise.all([0, 1, 2].map(() => createTestWorkspace()));
  const domains = ["broken-dns.test", "no-records.test", "acme.test", "globex.test", "initech.test", "umbrella.test", "hooli.test", "stark.test", "wayne.test", "wonka.test"];
  const timezones = ["UTC", "Europe/Berlin", "America/New_York"];
  for (let index = 0; index < 20; index++) {
    const domain = domains[index % domains.length]!;
    mailboxes.push(
      await createPoolMailbox({
        workspaceId: workspaces[index % 3]!.workspace.id,
        email: `rep${index}.pool@${domain}`,
        timezone: timezones[index % 7 === 0 ? index % 3 : 0],
        dns: FAILING_DOMAINS.has(domain) ? "failing" : "ok",
        strategy: STRATEGY,
        startDate: START,
        at: now(),
      }),
    );
  }
  for (let day = 1; day <= DAYS; day++) {
    for (const hour of TICK_HOURS) {
      clock.set(`${dateOf(day)}T${String(hour).padStart(2, "0")}:00:00Z`);
      await network.tick(now());
    }
    // The regular reader reads the same mailboxes (as the sandbox network's minute does), every few days here to keep the test short.
    if (day % 5 === 0) await readSandboxMailboxes();
  }
}, 120_000);

describe("a 30-day warmup of 20 mailboxes in the pool", () => {
  it("follows the ramp: every day's first e-mails are planned and sent, and no mailbox sends more than its day's volume", async () => {
    const emails = await db.warmupEmail.findMany({ select: { fromMailboxId: true, date: true, replyToId: true, status: true } });
    const byDay = new Map<string, { first: number; all: number; sent: number }>();
    for (const email of emails) {
      const key = `${email.fromMailboxId}|${email.date}`;
      const entry = byDay.get(key) ?? { first: 0, all: 0, sent: 0 };
      entry.all += 1;
      if (!email.replyToId) entry.first += 1;
      if (email.status === "sent") entry.sent += 1;
      byDay.set(key, entry);
    }
    expect(emails.filter((email) => email.status === "failed")).toEqual([]);
    for (const mailbox of mailboxes) {
      for (let day = 1; day <= DAYS; day++) {
        const volume = warmupVolumeOnDay(STRATEGY, day);
        const entry = byDay.get(`${mailbox.id}|${dateOf(day)}`) ?? { first: 0, all: 0, sent: 0 };
        expect({ mailbox: mailbox.email, day, first: entry.first }).toEqual({ mailbox: mailbox.email, day, first: firstEmailsOnDay(STRATEGY, volume) });
        expect(entry.all, `${mailbox.email} on day ${day}`).toBeLessThanOrEqual(volume);
        // Everything but the last evening's replies went out.
        if (day < DAYS) expect(entry.sent, `${mailbox.email} on day ${day}`).toBe(entry.all);
      }
    }
    // The ramp shows in the totals: day 1 sends 2 first e-mails each, the last day 6 (8 less 2 kept for replies).
    const firstOn = (day: number) => emails.filter((email) => email.date === dateOf(day) && !email.replyToId).length;
    expect(firstOn(1)).toBe(20 * 2);
    expect(firstOn(DAYS)).toBe(20 * firstEmailsOnDay(STRATEGY, 8));
    expect(emails.some((email) => email.replyToId && email.status === "sent")).toBe(true);
  });

  it("balances the pool: each mailbox receives about as many as it sends, never from itself, mostly from other domains", async () => {
    const emails = await db.warmupEmail.findMany({ where: { replyToId: null }, select: { fromMailboxId: true, toMailboxId: true } });
    const domainOf = new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox.email.split("@")[1]]));
    expect(emails.filter((email) => email.fromMailboxId === email.toMailboxId)).toEqual([]);
    const sameDomain = emails.filter((email) => domainOf.get(email.fromMailboxId) === domainOf.get(email.toMailboxId)).length;
    expect(sameDomain / emails.length).toBeLessThan(0.05);
    for (const mailbox of mailboxes) {
      const sent = emails.filter((email) => email.fromMailboxId === mailbox.id).length;
      const received = emails.filter((email) => email.toMailboxId === mailbox.id).length;
      expect(Math.abs(received - sent) / sent, mailbox.email).toBeLessThan(0.1);
    }
  });

  it("opens everything, rescues what landed in spam or Promotions, and replies within the strategy's ranges, threaded", async () => {
    const sent = await db.warmupEmail.findMany({ where: { status: "sent", replyToId: null, date: { lt: dateOf(DAYS) } } });
    expect(sent.every((email) => email.openedAt && email.landing)).toBe(true);
    const misplaced = sent.filter((email) => email.landing !== "inbox");
    expect(misplaced.length).toBeGreaterThan(0);
    expect(misplaced.every((email) => email.rescuedAt)).toBe(true);
    const inInbox = sent.filter((email) => email.landing === "inbox");
    const inboxReplyRate = inInbox.filter((email) => email.repliedAt).length / inInbox.length;
    // Within 20–30 % before the volume cap, which takes some replies away on the ramp's first days.
    expect(inboxReplyRate).toBeGreaterThan(0.12);
    expect(inboxReplyRate).toBeLessThan(0.3);
    const spamReplyRate = sent.filter((email) => email.landing === "spam" && email.repliedAt).length / sent.filter((email) => email.landing === "spam").length;
    expect(spamReplyRate).toBeLessThan(0.12);

    const reply = await db.warmupEmail.findFirstOrThrow({ where: { replyToId: { not: null }, status: "sent" } });
    const original = await db.warmupEmail.findUniqueOrThrow({ where: { id: reply.replyToId! } });
    const delivered = await db.sandboxEmail.findUniqueOrThrow({ where: { messageId: reply.messageId } });
    expect(delivered.inReplyTo).toBe(original.messageId);
    expect((delivered.headers as Record<string, string>)["x-herald-warmup"]).toBe(reply.tag);
    expect(delivered.subject).toMatch(/^Re: /);
  });

  it("keeps warmup mail out of campaigns, the inbox and every count", async () => {
    expect(await db.emailMessage.count()).toBe(0);
    expect(await db.conversation.count()).toBe(0);
    // Delivered between Herald mailboxes, never to a simulated prospect: no behaviour planned.
    expect(await db.sandboxEmail.count({ where: { direction: "outbound" } })).toBe(0);
    expect(await db.sandboxEmail.count({ where: { OR: [{ kind: { not: "warmup" } }, { nextAt: { not: null } }] } })).toBe(0);
    for (const mailbox of await db.mailbox.findMany({ where: { id: { in: mailboxes.map((row) => row.id) } } })) {
      expect(mailbox.sentCount + mailbox.bouncedCount + mailbox.campaignSendCount).toBe(0);
      expect((await countMailboxUsage(mailbox, now())).sent).toBe(0);
      // The regular reader went past the warmup mail.
      expect(mailbox.readCursor).not.toBeNull();
    }
  });

  it("records each day in WarmupDay, and health reacts to spam placement", async () => {
    const days = await db.warmupDay.findMany();
    const sentByRows = await db.warmupEmail.count({ where: { status: "sent" } });
    expect(days.reduce((sum, day) => sum + day.sent, 0)).toBe(sentByRows);
    const foundByRows = await db.warmupEmail.count({ where: { foundAt: { not: null } } });
    expect(days.reduce((sum, day) => sum + day.received, 0)).toBe(foundByRows);
    const last7 = new Set(Array.from({ length: 7 }, (_, index) => dateOf(DAYS - index)));
    const health = mailboxes.map((mailbox) => {
      const rows = days.filter((day) => day.mailboxId === mailbox.id && last7.has(day.date));
      const counts = rows.reduce((sum, day) => ({ inbox: sum.inbox + day.inbox, spam: sum.spam + day.spam, promotions: sum.promotions + day.promotions }), { inbox: 0, spam: 0, promotions: 0 });
      return { failing: FAILING_DOMAINS.has(mailbox.email.split("@")[1]!), ...warmupHealth(counts), rescued: 0 };
    });
    const failing = health.filter((entry) => entry.failing);
    const passing = health.filter((entry) => !entry.failing);
    expect(failing).toHaveLength(4);
    expect(Math.max(...failing.map((entry) => entry.inboxRate!))).toBeLessThan(Math.min(...passing.map((entry) => entry.inboxRate!)));
    expect(failing.every((entry) => entry.health === "poor")).toBe(true);
    expect(passing.every((entry) => entry.health !== "poor" && entry.health !== "unknown")).toBe(true);
  });

  it("does nothing twice when a tick runs again for the same moment", async () => {
    const before = await db.warmupEmail.count();
    expect(await network.tick(now())).toEqual({ sent: 0, read: 0, replied: 0, rescued: 0, failed: 0 });
    expect(await db.warmupEmail.count()).toBe(before);
  });
});
