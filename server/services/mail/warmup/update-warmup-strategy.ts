// PATCH /email-accounts/{id}/warmup: a preset, custom values and/or holdOverride. Before start the
// strategy is stored only (applied when warmup starts); after, only the values that differ from
// what the network holds are sent to it. 400 invalid-strategy lists every bad field; a new starting
// volume after day 1 is 409 starting-volume-locked. Under the mailbox's warmup lock
// (warmup-lock.ts): a start at the same moment either enrolls with the new strategy (it ran after)
// or has enrolled before this reads the row, and then the change is sent to the network.
import type { Prisma } from "../../../db/generated/client";
import { DEFAULT_WARMUP_PRESET, presetStrategy, warmupDayOn } from "../../../domain/mail/warmup-ramp";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { HeraldError } from "../../../lib/errors";
import { zonedDateString } from "../../../lib/time-zones";
import { ZWarmupStrategy, type TUpdateWarmupInput, type TWarmupResult, type TWarmupStrategyValues } from "../../../schemas/mailbox-health";
import { strategyOf } from "./to-warmup";
import { withWarmupLock } from "./warmup-lock";
import { validateWarmupChange } from "./validate-warmup-strategy";
import { maxWarmupTarget } from "./warmup-limits";
import { atNetwork, ensureWarmupRow, loadWarmupMailbox, networkNameOf, strategyColumns, strategyValues, warmupEnvelope } from "./warmup-state";

const RUNNING: ReadonlySet<string> = new Set(["warming", "warm", "paused"]);

/** The values of `next` that differ from `held` (what the network has). */
export function changedValues(held: TWarmupStrategyValues, next: TWarmupStrategyValues): Partial<TWarmupStrategyValues> {
  const changes: Partial<TWarmupStrategyValues> = {};
  for (const key of Object.keys(next) as Array<keyof TWarmupStrategyValues>) {
    if (JSON.stringify(held[key]) !== JSON.stringify(next[key])) Object.assign(changes, { [key]: next[key] });
  }
  return changes;
}

/** The strategy the network holds, as stored at start and after each change (the current one when unreadable). */
function heldStrategy(applied: unknown, fallback: TWarmupStrategyValues): TWarmupStrategyValues {
  const parsed = ZWarmupStrategy.omit({ preset: true }).safeParse(applied);
  return parsed.success ? parsed.data : fallback;
}

/** Sets a preset or custom values (and holdOverride); 400 invalid-strategy, 409 starting-volume-locked. */
export async function updateWarmupStrategy(actor: Actor, mailboxId: string, input: TUpdateWarmupInput): Promise<TWarmupResult> {
  return withWarmupLock(mailboxId, (tx) => updateLocked(tx, actor, mailboxId, input));
}

async function updateLocked(tx: Prisma.TransactionClient, actor: Actor, mailboxId: string, input: TUpdateWarmupInput): Promise<TWarmupResult> {
  const mailbox = await loadWarmupMailbox(actor, mailboxId, tx);
  const at = now();
  const current = mailbox.warmup;
  const running = Boolean(current && RUNNING.has(current.status));
  const day = current && running ? warmupDayOn({ status: current.status as "warming", day: current.day, dayDate: current.dayDate }, zonedDateString(at, mailbox.timezone)) : 0;
  // A mailbox that never had warmup has the default preset, stored on its first valid change.
  const before = current ? strategyOf(current) : presetStrategy(DEFAULT_WARMUP_PRESET);
  const checked = validateWarmupChange(input as Record<string, unknown>, before, { maxTarget: maxWarmupTarget(mailbox) }, { keepStartingVolume: day >= 2 });
  if (!checked.ok) {
    const fields = checked.errors.map((error) => error.field).join(", ");
    throw new HeraldError({ code: "invalid-strategy", message: `The warmup strategy was not changed: check ${fields}.`, details: { errors: checked.errors } });
  }
  const { strategy, holdOverride } = checked.change;
  if (day >= 2 && strategy.startingVolume !== before.startingVolume) {
    throw new HeraldError({
      code: "starting-volume-locked",
      message: `The starting volume only applies to warmup day 1, and this warmup is on day ${day}. Change the daily increase or the target instead, or stop and start warmup again to begin a new ramp.`,
    });
  }

  const row = current ?? (await ensureWarmupRow(mailbox, at, tx));
  const next = strategyValues(strategy);
  let appliedStrategy: TWarmupStrategyValues | undefined;
  if (running) {
    const held = heldStrategy(row.appliedStrategy, strategyValues(before));
    const changes = changedValues(held, next);
    if (Object.keys(changes).length && row.externalId) {
      const externalId = row.externalId;
      await atNetwork(networkNameOf(mailbox, row), (network) => network.updateStrategy(externalId, changes));
    }
    appliedStrategy = next;
  }
  // Written after the network answered: the pool writes appliedStrategy on this row from its own connection.
  const updated = await tx.mailboxWarmup.update({
    where: { mailboxId: mailbox.id },
    data: { ...strategyColumns(strategy), ...(appliedStrategy ? { appliedStrategy } : {}), ...(holdOverride === undefined ? {} : { holdOverride }), updatedAt: at },
  });
  return warmupEnvelope(mailbox, updated, at, tx);
}
