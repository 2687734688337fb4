// Keeps every running warmup true (run by the warmup pass after the networks' ticks): the day on
// each mailbox's local date, warming → warm, health from the last 7 days' WarmupDay rows (and
// today's row's health score, the chart), the campaign hold, and a pause with a plain error when
// the mailbox can no longer send (resume is the user's); first, the cancels a stop still owes a
// network (cancel-owed-warmups.ts). The decisions are pure
// (domain/mail/warmup-sync.ts); this fetches the facts and stores the outcomes, a few statements
// for any number of mailboxes.
import { db } from "../../../db/client";
import { decideWarmupSync, type SyncedWarmupStatus, type WarmupSyncOutcome } from "../../../domain/mail/warmup-sync";
import { healthOfInboxRate, HEALTH_WINDOW_DAYS } from "../../../domain/mail/warmup-ramp";
import { env } from "../../../env";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { addZonedDays, zonedDateString } from "../../../lib/time-zones";
import { getWarmupNetwork } from "../../../providers/warmup";
import type { WarmupNetworkName } from "../../../providers/warmup/types";
import { refreshMailboxHealth } from "../health/refresh-mailbox-health";
import { cancelOwedWarmups } from "./cancel-owed-warmups";

export interface SyncWarmupResult {
  synced: number;
  /** Became warm in this sync. */
  warm: number;
  /** Paused in this sync because the mailbox can no longer send. */
  paused: number;
  /** Campaign sending held (warming or poor health) after this sync. */
  held: number;
}

/** A warmup whose figures did not move is written again (its syncedAt) after this long. */
export const SYNCED_AT_REFRESH_MS = 60 * 60_000;

function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

function band(healthScore: number | null, inboxRate: number | null): string | null {
  return healthScore === null || inboxRate === null ? null : healthOfInboxRate(inboxRate);
}

export async function syncWarmup(options: { at?: Date; mailboxIds?: string[] } = {}): Promise<SyncWarmupResult> {
  const at = options.at ?? now();
  // Stopped warmups whose network did not confirm the cancel yet: asked again.
  await cancelOwedWarmups({ mailboxIds: options.mailboxIds });
  const rows = await db.mailboxWarmup.findMany({
    where: { status: { in: ["warming", "warm", "paused"] }, ...(options.mailboxIds ? { mailboxId: { in: options.mailboxIds } } : {}) },
    select: {
      mailboxId: true,
      network: true,
      externalId: true,
      status: true,
      startingVolume: true,
      dailyIncrease: true,
      targetVolume: true,
      day: true,
      dayDate: true,
      startedAt: true,
      holdUntil: true,
      holdReason: true,
      healthScore: true,
      inboxRate: true,
      error: true,
      syncedAt: true,
      updatedAt: true,
      mailbox: { select: { status: true, timezone: true } },
    },
  });
  const result: SyncWarmupResult = { synced: rows.length, warm: 0, paused: 0, held: 0 };
  if (!rows.length) return result;

  const todays = rows.map((row) => zonedDateString(at, row.mailbox.timezone));
  const counts = await db.$queryRaw<Array<{ mailboxId: string; inbox: number; spam: number; promotions: number }>>`
    SELECT w."mailboxId", sum(w.inbox)::int AS inbox, sum(w.spam)::int AS spam, sum(w.promotions)::int AS promotions
    FROM "WarmupDay" w JOIN unnest(${rows.map((row) => row.mailboxId)}::text[], ${todays.map((today) => daysBefore(today, HEALTH_WINDOW_DAYS - 1))}::text[]) AS u(id, since)
      ON w."mailboxId" = u.id AND w.date >= u.since
    GROUP BY w."mailboxId"`;
  const countsOf = new Map(counts.map((row) => [row.mailboxId, row]));
  const holdMs = env().HERALD_WARMUP_HOLD_DAYS * 86_400_000;

  const outcomes = rows.map((row, index) => {
    const outcome = decideWarmupSync({
      status: row.status as SyncedWarmupStatus,
      strategy: row,
      day: row.day,
      dayDate: row.dayDate,
      holdUntil: row.holdUntil?.getTime() ?? null,
      holdReason: (row.holdReason as WarmupSyncOutcome["holdReason"]) ?? null,
      warmingHoldUntil: row.startedAt && holdMs ? row.startedAt.getTime() + holdMs : null,
      error: row.error,
      mailboxStatus: row.mailbox.status,
      counts: countsOf.get(row.mailboxId) ?? { inbox: 0, spam: 0, promotions: 0 },
      today: todays[index]!,
      at: at.getTime(),
      tomorrow: addZonedDays(at, 1, row.mailbox.timezone).getTime(),
    });
    if (outcome.status === "warm" && row.status !== "warm") result.warm += 1;
    if (outcome.pauseAtNetwork) result.paused += 1;
    if (outcome.holdUntil !== null && outcome.holdUntil > at.getTime()) result.held += 1;
    return outcome;
  });

  // Only the warmups whose figures moved are written (and the others once SYNCED_AT_REFRESH_MS has
  // passed, so syncedAt stays near): rewriting every row every 5 minutes left a day's worth of dead
  // row versions (about 125 MB at 1,000 mailboxes) for autovacuum.
  const changed = rows.flatMap((row, index) => {
    const outcome = outcomes[index]!;
    const moved =
      outcome.status !== row.status ||
      outcome.day !== row.day ||
      outcome.dayDate !== row.dayDate ||
      outcome.holdUntil !== (row.holdUntil?.getTime() ?? null) ||
      outcome.holdReason !== row.holdReason ||
      outcome.healthScore !== row.healthScore ||
      outcome.inboxRate !== row.inboxRate ||
      outcome.error !== row.error;
    return moved || !row.syncedAt || at.getTime() - row.syncedAt.getTime() >= SYNCED_AT_REFRESH_MS ? [{ row, outcome }] : [];
  });
  const column = <K extends keyof WarmupSyncOutcome>(key: K) => changed.map(({ outcome }) => outcome[key]);
  const isoOrNull = (value: number | null) => (value === null ? null : new Date(value).toISOString());
  const ids = changed.map(({ row }) => row.mailboxId);
  const atIso = at.toISOString();
  // A warmup changed meanwhile (stopped, started again at day 1, a new strategy) is left as it is now,
  // for the next pass: the status alone cannot tell, a stop and a start leave it `warming`.
  const skipped = new Set<string>();
  if (changed.length) {
    const written = await db.$queryRaw<Array<{ mailboxId: string }>>`
    UPDATE "MailboxWarmup" AS w SET
      status = u.status, day = u.day, "dayDate" = u.day_date,
      "holdUntil" = u.hold_until::timestamptz AT TIME ZONE 'UTC', "holdReason" = u.hold_reason,
      "healthScore" = u.health_score, "inboxRate" = u.inbox_rate, error = u.error,
      "syncedAt" = ${atIso}::timestamptz AT TIME ZONE 'UTC', "updatedAt" = ${atIso}::timestamptz AT TIME ZONE 'UTC'
    FROM unnest(${ids}::text[], ${changed.map(({ row }) => row.status)}::text[], ${changed.map(({ row }) => row.updatedAt.toISOString())}::text[],
      ${column("status")}::text[], ${column("day")}::int[], ${column("dayDate")}::text[],
      ${column("holdUntil").map(isoOrNull)}::text[], ${column("holdReason")}::text[], ${column("healthScore")}::float8[], ${column("inboxRate")}::float8[],
      ${column("error")}::text[]) AS u(id, was, was_updated, status, day, day_date, hold_until, hold_reason, health_score, inbox_rate, error)
    WHERE w."mailboxId" = u.id AND w.status = u.was AND w."updatedAt" = u.was_updated::timestamptz AT TIME ZONE 'UTC'
    RETURNING w."mailboxId"`;
    const writtenIds = new Set(written.map((row) => row.mailboxId));
    for (const id of ids) if (!writtenIds.has(id)) skipped.add(id);
  }
  // Today's health score on the chart (today's row may be new since the last sync).
  await db.$executeRaw`
    UPDATE "WarmupDay" AS d SET "healthScore" = u.score
    FROM unnest(${rows.map((row) => row.mailboxId)}::text[], ${todays}::text[], ${outcomes.map((outcome) => outcome.healthScore)}::float8[]) AS u(id, date, score)
    WHERE d."mailboxId" = u.id AND d.date = u.date AND d."healthScore" IS DISTINCT FROM u.score`;

  for (const [index, row] of rows.entries()) {
    // Decided on what it was before the change: neither its health nor a pause at the network follows from it.
    if (skipped.has(row.mailboxId)) continue;
    const outcome = outcomes[index]!;
    if (band(row.healthScore, row.inboxRate) !== band(outcome.healthScore, outcome.inboxRate)) await refreshMailboxHealth(row.mailboxId);
    if (outcome.pauseAtNetwork && row.externalId) await pauseAtNetwork(row.network as WarmupNetworkName, row.externalId, row.mailboxId);
  }
  return result;
}

async function pauseAtNetwork(name: WarmupNetworkName, externalId: string, mailboxId: string): Promise<void> {
  try {
    const network = await getWarmupNetwork(name);
    await network.pause(externalId);
  } catch (error) {
    // Herald's row is paused already, and ticks skip paused warmups: the network sends nothing more for it.
    logger.warn("warmup: pausing at the network failed", { network: name, mailboxId, error: error instanceof Error ? error.message : String(error) });
  }
}
