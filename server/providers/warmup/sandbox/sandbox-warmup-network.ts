// The sandbox warmup network: a simulated external warmup service, so sandbox mailboxes (the demo,
// the tests, the benchmark) warm without real mail. Its side of each mailbox is a
// SandboxWarmupEnrollment (like an account at Instantly or lemwarm): the strategy it holds and every
// strategy change it was sent, exactly as received. Its tick plays the warmup days: for each
// enrolled mailbox that warms on it, the day's e-mails on the ramp go out through the day, land by
// the sandbox's filter model (placement.ts: DNS health, warmup days, bounce rate), and the mail the
// network sends back is opened, rescued and replied to in the strategy's ranges. The figures are a
// pure function of (mailbox, date, elapsed share, facts) written as absolute values, so a tick run
// twice for the same moment changes nothing.
import { randomUUID } from "node:crypto";
import { db } from "../../../db/client";
import { daysBetweenDates } from "../../../domain/mail/warmup-ramp";
import { now } from "../../../lib/clock";
import { zonedDateString, zonedTimeToUtc } from "../../../lib/time-zones";
import { ZWarmupStrategy, type TWarmupStrategyValues } from "../../../schemas/mailbox-health";
import type { PlacementFacts } from "../../mail/sandbox/placement";
import { WarmupNetworkError, type WarmupNetwork, type WarmupTickResult } from "../types";
import { elapsedShare, sandboxWarmupDayFigures, type SandboxWarmupDayFigures } from "./sandbox-warmup-day";

const ZWarmupStrategyValues = ZWarmupStrategy.omit({ preset: true });

/** Most past dates one tick fills in for a mailbox (after a long outage of the pass). */
const MOST_DATES = 31;
const FIGURES = ["planned", "sent", "inbox", "spam", "promotions", "received", "opened", "replied", "rescued"] as const;

function enrollmentId(): string {
  return `swn_${randomUUID().replaceAll("-", "")}`;
}

async function enrollment(externalId: string) {
  const row = await db.sandboxWarmupEnrollment.findUnique({ where: { id: externalId } });
  if (!row) throw new WarmupNetworkError(`The sandbox warmup network holds no mailbox ${externalId}.`);
  return row;
}

/** The DNS health status stored on the mailbox; anything else reads as never checked. */
function dnsStatus(value: unknown): PlacementFacts["dns"] {
  const status = value && typeof value === "object" ? (value as { status?: unknown }).status : null;
  return status === "ok" || status === "warning" || status === "failing" ? status : null;
}

function localMidnight(date: string, timeZone: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return zonedTimeToUtc({ year, month, day }, timeZone).getTime();
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

interface DayRow extends SandboxWarmupDayFigures {
  mailboxId: string;
  date: string;
  day: number;
}

export function createSandboxWarmupNetwork(): WarmupNetwork {
  return {
    name: "sandbox",

    async enroll(mailbox, strategy) {
      // Found again by the mailbox, not the address: two workspaces may hold the same address (every
      // Quick start has the demo's), and one must never take over, change or cancel the other's.
      const held = await db.sandboxWarmupEnrollment.findFirst({ where: { mailboxId: mailbox.id, status: { not: "cancelled" } }, orderBy: { createdAt: "desc" } });
      if (held) {
        // A retried start: the enrolment takes the strategy it is started with now.
        await db.sandboxWarmupEnrollment.update({ where: { id: held.id }, data: { strategy: { ...strategy } } });
        return { externalId: held.id };
      }
      const created = await db.sandboxWarmupEnrollment.create({
        data: { id: enrollmentId(), address: mailbox.email, mailboxId: mailbox.id, status: "active", strategy: { ...strategy }, changes: [], createdAt: now() },
      });
      return { externalId: created.id };
    },

    async updateStrategy(externalId, changes) {
      // A strict service: an empty change is a caller's mistake the tests should see.
      if (!Object.keys(changes).length) throw new WarmupNetworkError("A strategy change with no values was sent to the sandbox warmup network.");
      const row = await enrollment(externalId);
      if (row.status === "cancelled") throw new WarmupNetworkError(`The sandbox warmup network cancelled mailbox ${row.address}; enroll it again.`);
      const log = Array.isArray(row.changes) ? row.changes : [];
      await db.sandboxWarmupEnrollment.update({
        where: { id: externalId },
        data: {
          strategy: { ...(row.strategy as TWarmupStrategyValues), ...changes },
          changes: [...log, { at: now().toISOString(), values: { ...changes } }],
        },
      });
    },

    async pause(externalId) {
      const row = await enrollment(externalId);
      if (row.status === "cancelled") throw new WarmupNetworkError(`The sandbox warmup network cancelled mailbox ${row.address}.`);
      await db.sandboxWarmupEnrollment.update({ where: { id: externalId }, data: { status: "paused" } });
    },

    async resume(externalId) {
      const row = await enrollment(externalId);
      if (row.status === "cancelled") throw new WarmupNetworkError(`The sandbox warmup network cancelled mailbox ${row.address}; enroll it again.`);
      await db.sandboxWarmupEnrollment.update({ where: { id: externalId }, data: { status: "active" } });
    },

    async cancel(externalId) {
      await db.sandboxWarmupEnrollment.updateMany({ where: { id: externalId, status: { not: "cancelled" } }, data: { status: "cancelled", cancelledAt: now() } });
    },

    async tick(at, options = {}) {
      const result: WarmupTickResult = { sent: 0, read: 0, replied: 0, rescued: 0, failed: 0 };
      const warmups = await db.mailboxWarmup.findMany({
        where: { network: "sandbox", status: { in: ["warming", "warm"] }, externalId: { not: null }, ...(options.mailboxIds ? { mailboxId: { in: options.mailboxIds } } : {}) },
        select: {
          mailboxId: true,
          externalId: true,
          status: true,
          day: true,
          dayDate: true,
          startedAt: true,
          mailbox: { select: { status: true, timezone: true, dnsHealth: true, sentCount: true, bouncedCount: true } },
        },
      });
      const connected = warmups.filter((warmup) => warmup.mailbox.status === "connected");
      if (!connected.length) return result;
      const enrollments = await db.sandboxWarmupEnrollment.findMany({
        where: { id: { in: connected.map((warmup) => warmup.externalId!) }, status: "active" },
        select: { id: true, strategy: true },
      });
      // The stored strategy is read through its schema: one that does not parse (never written by
      // Herald) leaves that mailbox out of the tick instead of failing every mailbox's.
      const strategies = new Map(
        enrollments.flatMap((row): Array<[string, TWarmupStrategyValues]> => {
          const parsed = ZWarmupStrategyValues.safeParse(row.strategy);
          return parsed.success ? [[row.id, parsed.data]] : [];
        }),
      );
      const active = connected.filter((warmup) => strategies.has(warmup.externalId!));
      if (!active.length) return result;

      // Each mailbox's dates from its warmup's current date (the sync keeps it at the last local
      // date it saw, so yesterday is finished here) to today.
      const plans = active.map((warmup) => {
        const timeZone = warmup.mailbox.timezone;
        const today = zonedDateString(at, timeZone);
        const firstDate = warmup.dayDate ?? zonedDateString(warmup.startedAt ?? at, timeZone);
        const from = daysBetweenDates(firstDate, today) > MOST_DATES ? new Date(Date.parse(`${today}T00:00:00Z`) - MOST_DATES * 86_400_000).toISOString().slice(0, 10) : firstDate;
        return { warmup, timeZone, today, from };
      });
      const oldest = plans.reduce((min, plan) => (plan.from < min ? plan.from : min), plans[0]!.from);
      const stored = await db.warmupDay.findMany({
        where: { mailboxId: { in: active.map((warmup) => warmup.mailboxId) }, date: { gte: oldest } },
        select: { mailboxId: true, date: true, day: true, planned: true, sent: true, inbox: true, spam: true, promotions: true, received: true, opened: true, replied: true, rescued: true },
      });
      const storedByKey = new Map(stored.map((row) => [`${row.mailboxId}:${row.date}`, row]));

      const writes: DayRow[] = [];
      const atMs = at.getTime();
      for (const { warmup, timeZone, today, from } of plans) {
        const strategy = strategies.get(warmup.externalId!)!;
        const sentCount = warmup.mailbox.sentCount;
        const facts = { dns: dnsStatus(warmup.mailbox.dnsHealth), bounceRate: sentCount ? warmup.mailbox.bouncedCount / sentCount : 0 };
        const startDate = warmup.startedAt ? zonedDateString(warmup.startedAt, timeZone) : null;
        for (let date = from; date <= today; date = nextDate(date)) {
          // A warming mailbox is one day further each date; a warm one stays on its (target) day.
          const day = warmup.status === "warming" && warmup.dayDate ? warmup.day + daysBetweenDates(warmup.dayDate, date) : Math.max(1, warmup.day);
          if (day < 1) continue;
          const dayStart = localMidnight(date, timeZone);
          // The first day's e-mails are spread over what is left of it after the start.
          const windowStart = date === startDate ? Math.max(dayStart, warmup.startedAt!.getTime()) : dayStart;
          const figures = sandboxWarmupDayFigures({
            mailboxId: warmup.mailboxId,
            date,
            day,
            strategy,
            elapsed: elapsedShare(atMs, windowStart, localMidnight(nextDate(date), timeZone)),
            facts,
          });
          const before = storedByKey.get(`${warmup.mailboxId}:${date}`);
          if (before && before.day === day && FIGURES.every((key) => before[key] === figures[key])) continue;
          if (!before && figures.planned === 0) continue;
          writes.push({ mailboxId: warmup.mailboxId, date, day, ...figures });
          result.sent += figures.sent - (before?.sent ?? 0);
          result.read += figures.opened - (before?.opened ?? 0);
          result.replied += figures.replied - (before?.replied ?? 0);
          result.rescued += figures.rescued - (before?.rescued ?? 0);
        }
      }
      if (writes.length) await upsertDays(writes, at);
      return result;
    },
  };
}

/** One statement for the whole batch; the health score (the sync's) is left as it is. */
async function upsertDays(rows: DayRow[], at: Date): Promise<void> {
  const column = <K extends keyof DayRow>(key: K) => rows.map((row) => row[key]);
  await db.$executeRaw`
    INSERT INTO "WarmupDay" ("mailboxId", "date", "day", "planned", "sent", "inbox", "spam", "promotions", "received", "opened", "replied", "rescued", "updatedAt")
    SELECT u.*, ${at.toISOString()}::timestamptz AT TIME ZONE 'UTC'
    FROM unnest(${column("mailboxId")}::text[], ${column("date")}::text[], ${column("day")}::int[], ${column("planned")}::int[], ${column("sent")}::int[],
      ${column("inbox")}::int[], ${column("spam")}::int[], ${column("promotions")}::int[], ${column("received")}::int[], ${column("opened")}::int[],
      ${column("replied")}::int[], ${column("rescued")}::int[]) AS u
    ON CONFLICT ("mailboxId", "date") DO UPDATE SET
      "day" = EXCLUDED."day", "planned" = EXCLUDED."planned", "sent" = EXCLUDED."sent", "inbox" = EXCLUDED."inbox", "spam" = EXCLUDED."spam",
      "promotions" = EXCLUDED."promotions", "received" = EXCLUDED."received", "opened" = EXCLUDED."opened", "replied" = EXCLUDED."replied",
      "rescued" = EXCLUDED."rescued", "updatedAt" = EXCLUDED."updatedAt"`;
}
