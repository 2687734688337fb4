import { db, type Prisma } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { isValidTimeZone } from "../../lib/time-zones";
import type { TUpdateSenderInput, TSenderAccount } from "../../schemas/sender";
import { findSender } from "./find-sender";
import type { LimitOverrides } from "../../domain/sender-limits";
import { toSenderAccount } from "./to-sender-account";
import { limitsColumn, readLimitOverrides } from "./sender-columns";
import { assertSpeechVoice } from "./list-speech-voices";

/**
 * Renames a sender, sets the timezone its usage is counted in, the voice its AI voice notes are
 * spoken in, or (admins) overrides its caps.
 */
export async function updateSender(actor: Actor, accountId: string, changes: TUpdateSenderInput): Promise<TSenderAccount> {
  const row = await findSender(actor, accountId);
  if (changes.timezone && !isValidTimeZone(changes.timezone)) {
    throw HeraldError.invalidInput("Invalid timezone: must be an IANA zone such as Europe/Paris", [
      { field: "timezone", message: "must be an IANA zone such as Europe/Paris" },
    ]);
  }
  if (changes.voiceId) await assertSpeechVoice(actor, changes.voiceId);
  let limits: LimitOverrides | undefined;
  if (changes.limits) {
    requireRole(actor, "admin", "change a sender's limits");
    const current = readLimitOverrides(row.limits) ?? {};
    limits = {
      daily: { ...current.daily, ...changes.limits.daily },
      weeklyInvitations: changes.limits.weeklyInvitations === undefined ? current.weeklyInvitations : changes.limits.weeklyInvitations,
    };
  }
  const timezoneChanged = changes.timezone !== undefined && changes.timezone !== row.timezone;
  if (timezoneChanged) await assertDatabaseKnowsTimeZone(changes.timezone!);
  const updated = await db.$transaction(async (tx) => {
    const account = await tx.linkedinAccount.update({
      where: { id: row.id },
      data: {
        label: changes.label,
        timezone: changes.timezone,
        voiceId: changes.voiceId,
        limits: limits === undefined ? undefined : limitsColumn(limits),
        updatedAt: now(),
      },
    });
    if (timezoneChanged) await recountSenderDailyUsage(tx, row.id);
    return account;
  });
  return toSenderAccount(updated);
}

/** The usage counters (SenderDailyUsage) count on the database's time zone data: a zone it lacks would fail every action. */
async function assertDatabaseKnowsTimeZone(timezone: string): Promise<void> {
  const known = await db.$queryRaw<Array<{ known: boolean }>>`SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ${timezone}) AS known`;
  if (!known[0]?.known) {
    throw HeraldError.invalidInput(`Invalid timezone: ${timezone} is not known to the database; pick a nearby IANA zone such as Europe/Paris`, [
      { field: "timezone", message: "is not known to the database; pick a nearby IANA zone" },
    ]);
  }
}

/**
 * A sender's actions count on its local days; with a new time zone they fall on other days. The
 * counters are counted again from the actions in the new zone (the SQL function
 * herald_sender_usage_recount, from migration 20261124231724_sender_daily_usage), in the transaction
 * that changes it, so a daily cap keeps counting the actions of the sender's new today, and a later
 * failure or deletion takes its action off the day it was counted on. The recount takes the sender's
 * counter lock (migration 20261125021500_sender_usage_lock): a reservation running meanwhile is
 * counted either before the recount (which then counts it again) or after it, in the new zone.
 */
async function recountSenderDailyUsage(tx: Prisma.TransactionClient, accountId: string): Promise<void> {
  await tx.$executeRaw`SELECT herald_sender_usage_recount(${accountId})`;
}
