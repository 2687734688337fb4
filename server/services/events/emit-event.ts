import type { Prisma } from "../../db/client";
import { now } from "../../lib/clock";
import type { EventName } from "../../schemas/events";

export interface DomainEvent {
  workspaceId: string;
  event: EventName;
  data: Record<string, unknown>;
}

/**
 * Records a domain event in the outbox, inside the caller's transaction: it exists exactly when the
 * change it describes was committed. Call notifyOutbox() after the commit (withOutbox does both).
 */
export async function emitEvent(tx: Prisma.TransactionClient, event: DomainEvent): Promise<void> {
  await tx.outboxEvent.create({
    data: { workspaceId: event.workspaceId, event: event.event, data: event.data as Prisma.InputJsonValue, createdAt: now() },
  });
}
