// One change at a time per mailbox's warmup. Start, stop, resume, a strategy change and the retry
// of an unconfirmed cancel each read the warmup row, call the network and write the row; two of
// them at once could interleave (a start enrolling with the old strategy while a change stored the
// new one, which the network then never got). Each runs inside withWarmupLock, which holds a
// transaction-scoped advisory lock on the mailbox, and re-reads the row under it.
//
// An advisory lock, not SELECT … FOR UPDATE on the row: the networks write Herald's database from
// their own connections (the pool keeps MailboxWarmup.appliedStrategy on enroll and updateStrategy),
// so a row lock held across a network call would make the network wait for the very transaction
// waiting on it. Under the advisory lock the caller's transaction writes the row only after the
// network answered. The lock's transaction holds a connection while the network is called (which
// may take a second one from the pool); that is why its timeout is generous.
import { db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";

/** How long one locked operation may take, network call included (Prisma's default is 5 s). */
const LOCKED_TIMEOUT_MS = 60_000;

export function withWarmupLock<T>(mailboxId: string, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`warmup:${mailboxId}`}))`;
      return work(tx);
    },
    { maxWait: 10_000, timeout: LOCKED_TIMEOUT_MS },
  );
}
