import { db } from "../../db/client";
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
  const updated = await db.linkedinAccount.update({
    where: { id: row.id },
    data: {
      label: changes.label,
      timezone: changes.timezone,
      voiceId: changes.voiceId,
      limits: limits === undefined ? undefined : limitsColumn(limits),
      updatedAt: now(),
    },
  });
  return toSenderAccount(updated);
}
