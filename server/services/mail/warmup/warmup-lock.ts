// One change at a time per mailbox's warmup. Start, stop, resume, a strategy change and the retry
// of an unconfirmed cancel each read the warmup row, call the network and write the row; two of
// them at once could interleave (a start enrolling with the old strategy while a change stored the
// new one, which the network then never got). Each runs inside withWarmupLock, and re-reads the row
// under it.
//
// Within one Herald process the changes of a mailbox queue behind each other (an in-process
// queue). Across processes (several Herald processes on one PostgreSQL server) a transaction-scoped
// advisory lock on the mailbox serializes them too; not SELECT … FOR UPDATE on the row: the
// networks write Herald's database from their own connections (the pool keeps
// MailboxWarmup.appliedStrategy on enroll and updateStrategy), so a row lock held across a network
// call would make the network wait for the very transaction waiting on it. On the embedded
// database no transaction is held across the network call at all: it serves one transaction at a
// time, so the network's own queries would wait for the lock's transaction to end, which waits for
// them; there is only one process there, which the in-process queue covers.
import { databaseIsEmbedded, db, type DbClient } from "../../../db/client";

/** How long one locked operation may take, network call included (Prisma's default is 5 s). */
const LOCKED_TIMEOUT_MS = 60_000;

const slot: typeof globalThis & { __heraldWarmupQueues?: Map<string, Promise<unknown>> } = globalThis;

function queues(): Map<string, Promise<unknown>> {
  slot.__heraldWarmupQueues ??= new Map();
  return slot.__heraldWarmupQueues;
}

/** Runs `work` after the mailbox's earlier changes in this process have finished. */
async function inProcessTurn<T>(mailboxId: string, work: () => Promise<T>): Promise<T> {
  const earlier = queues().get(mailboxId) ?? Promise.resolve();
  const turn = earlier.catch(() => undefined).then(work);
  const settled = turn.catch(() => undefined);
  queues().set(mailboxId, settled);
  try {
    return await turn;
  } finally {
    if (queues().get(mailboxId) === settled) queues().delete(mailboxId);
  }
}

export function withWarmupLock<T>(mailboxId: string, work: (client: DbClient) => Promise<T>): Promise<T> {
  return inProcessTurn(mailboxId, () => {
    if (databaseIsEmbedded()) return work(db);
    return db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`warmup:${mailboxId}`}))`;
        return work(tx);
      },
      { maxWait: 10_000, timeout: LOCKED_TIMEOUT_MS },
    );
  });
}
