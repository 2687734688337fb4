import { db, type Prisma } from "../../db/client";
import { emitEvent, type DomainEvent } from "./emit-event";
import { notifyOutbox } from "./notify-outbox";

export type Emit = (event: DomainEvent) => Promise<void>;

/**
 * Runs a change in a transaction whose events go to the outbox with it, then, once committed, asks
 * the dispatcher to deliver them. A rolled-back change emits nothing; a crash after the commit loses
 * nothing (the dispatcher's periodic sweep finds the rows).
 *
 * The caller gets its result as soon as the change is committed: the notification is only a hint
 * that makes delivery prompt, so it is started, not awaited (it would add a job runner round trip to
 * every write), and it never fails the call (notifyOutbox logs a failure and the sweep delivers).
 */
export async function withOutbox<T>(
  work: (tx: Prisma.TransactionClient, emit: Emit) => Promise<T>,
  options?: { timeout?: number },
): Promise<T> {
  let emitted = 0;
  const result = await db.$transaction(
    (tx) =>
      work(tx, async (event) => {
        await emitEvent(tx, event);
        emitted += 1;
      }),
    { timeout: options?.timeout ?? 15_000 },
  );
  if (emitted) void notifyOutbox();
  return result;
}
