// Herald's own warmup pool: the installation's mailboxes whose warmup runs on the pool and is
// warming or warm (across workspaces) write to each other through their real mail providers,
// open, rescue and reply to each other's mail. The pool keeps no state of its own beyond
// MailboxWarmup (membership: network `pool` and the status the warmup services set; the strategy it
// holds: appliedStrategy) and its e-mails (WarmupEmail); a mailbox's id at the pool is
// `pool:<mailboxId>`. A tick plans the day (pool-plan.ts), sends what is due (pool-send.ts), reads
// what arrived (pool-read.ts) and recomputes the WarmupDay rows (pool-days.ts). Every e-mail carries
// the X-Herald-Warmup header, which keeps it out of campaigns, the inbox and every count.
import { db } from "../../../db/client";
import { toJsonColumn } from "../../../lib/json-column";
import type { TWarmupStrategyValues } from "../../../schemas/mailbox-health";
import { WarmupNetworkError, type WarmupMailbox, type WarmupNetwork, type WarmupTickResult } from "../types";
import { recomputeWarmupDays } from "./pool-days";
import { loadPool, poolStrategy, type PoolParticipant } from "./pool-participants";
import { planPoolDay } from "./pool-plan";
import { readPoolMail } from "./pool-read";
import { reconcileInterrupted, sendDuePoolMail } from "./pool-send";

const PREFIX = "pool:";

export function poolExternalId(mailboxId: string): string {
  return `${PREFIX}${mailboxId}`;
}

function mailboxIdOf(externalId: string): string {
  if (!externalId.startsWith(PREFIX)) throw new WarmupNetworkError(`Not a warmup pool id: ${externalId}`);
  return externalId.slice(PREFIX.length);
}

/** The pool's record of a mailbox: its MailboxWarmup row, which the warmup services keep. */
async function member(externalId: string) {
  const mailboxId = mailboxIdOf(externalId);
  const warmup = await db.mailboxWarmup.findUnique({ where: { mailboxId } });
  if (!warmup) throw new WarmupNetworkError(`The warmup pool does not know the mailbox ${mailboxId}`);
  return warmup;
}

/** Planned mail of a mailbox that leaves the pool (paused or cancelled) will not go out. */
async function dropPlanned(mailboxId: string): Promise<void> {
  await db.warmupEmail.updateMany({ where: { fromMailboxId: mailboxId, status: "planned" }, data: { status: "failed", error: "The mailbox left the warmup pool" } });
}

export function createPoolWarmupNetwork(): WarmupNetwork {
  return {
    name: "pool",

    async enroll(mailbox: WarmupMailbox, strategy: TWarmupStrategyValues) {
      // Membership is the MailboxWarmup row the start service writes (network `pool`, warming); the
      // pool only keeps the strategy it was given. Enrolling again returns the same id.
      await db.mailboxWarmup.updateMany({ where: { mailboxId: mailbox.id }, data: { appliedStrategy: toJsonColumn(strategy) } });
      return { externalId: poolExternalId(mailbox.id) };
    },

    async updateStrategy(externalId, changes) {
      const warmup = await member(externalId);
      const strategy = { ...poolStrategy(warmup), ...changes };
      await db.mailboxWarmup.update({ where: { mailboxId: warmup.mailboxId }, data: { appliedStrategy: toJsonColumn(strategy) } });
    },

    async pause(externalId) {
      const warmup = await member(externalId);
      await dropPlanned(warmup.mailboxId);
    },

    async resume(externalId) {
      // Taking part again is the status the resume service sets; the next tick plans its day.
      await member(externalId);
    },

    async cancel(externalId) {
      const mailboxId = mailboxIdOf(externalId);
      await dropPlanned(mailboxId);
    },

    async tick(at, options = {}): Promise<WarmupTickResult> {
      const pool = await loadPool(at);
      const byId = new Map<string, PoolParticipant>(pool.map((participant) => [participant.mailbox.id, participant]));
      const only = options.mailboxIds ? new Set(options.mailboxIds) : null;
      const actors = only ? pool.filter((participant) => only.has(participant.mailbox.id)) : pool;
      const actorsById = new Map(actors.map((participant) => [participant.mailbox.id, participant]));
      if (!actors.length) return { sent: 0, read: 0, replied: 0, rescued: 0, failed: 0 };

      await planPoolDay(at, pool, actors);
      const reconciled = await reconcileInterrupted(at, actorsById);
      const sending = await sendDuePoolMail(at, actorsById, byId);
      const reading = await readPoolMail(at, actors, byId);
      await recomputeWarmupDays(at, actors);
      return {
        sent: reconciled.sent + sending.sent,
        read: reading.read,
        replied: reading.replied,
        rescued: reading.rescued,
        failed: reconciled.failed + sending.failed + reading.failed,
      };
    },
  };
}
