// GET /email-accounts/{id}/warmup/history: the mailbox's warmup days for the charts (volume, where
// the mail landed, health over time), oldest first. Days of the current warmup without a record
// (paused, or not yet run) show as zeros so the charts keep their dates.
import { db } from "../../../db/client";
import { daysBetweenDates } from "../../../domain/mail/warmup-ramp";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { addZonedDays, zonedDateString } from "../../../lib/time-zones";
import type { TWarmupHistoryDay } from "../../../schemas/mailbox-health";
import { loadWarmupMailbox } from "./warmup-state";

function emptyDay(date: string): TWarmupHistoryDay {
  return { date, day: 0, planned: 0, sent: 0, inbox: 0, spam: 0, promotions: 0, received: 0, replied: 0, rescued: 0, healthScore: null };
}

/** The mailbox's warmup days, oldest first, the last `days` (charts). */
export async function getWarmupHistory(actor: Actor, mailboxId: string, days: number): Promise<TWarmupHistoryDay[]> {
  const mailbox = await loadWarmupMailbox(actor, mailboxId);
  const startedAt = mailbox.warmup?.startedAt;
  if (!startedAt) return [];
  const at = now();
  const today = zonedDateString(at, mailbox.timezone);
  const windowStart = zonedDateString(addZonedDays(at, -(Math.max(1, days) - 1), mailbox.timezone), mailbox.timezone);
  const started = zonedDateString(startedAt, mailbox.timezone);
  const from = started > windowStart ? started : windowStart;
  const rows = await db.warmupDay.findMany({ where: { mailboxId: mailbox.id, date: { gte: from, lte: today } }, orderBy: { date: "asc" } });
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const history: TWarmupHistoryDay[] = [];
  const count = daysBetweenDates(from, today) + 1;
  for (let offset = 0; offset < count; offset++) {
    const date = zonedDateString(addZonedDays(new Date(`${from}T12:00:00Z`), offset, "UTC"), "UTC");
    const row = byDate.get(date);
    history.push(
      row
        ? { date, day: row.day, planned: row.planned, sent: row.sent, inbox: row.inbox, spam: row.spam, promotions: row.promotions, received: row.received, replied: row.replied, rescued: row.rescued, healthScore: row.healthScore }
        : emptyDay(date),
    );
  }
  return history;
}
