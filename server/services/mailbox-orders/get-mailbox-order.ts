// GET /mailbox-orders/{id}: one of the workspace's orders.
import { db, type DbClient } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TMailboxOrder } from "../../schemas/mailbox-order";
import { ORDER_INCLUDE, toMailboxOrder, type MailboxOrderRow } from "./to-mailbox-order";

/** The workspace's order row with domains and mailboxes, or a 404 (also for another workspace's order). */
export async function findMailboxOrder(actor: Pick<Actor, "workspaceId">, orderId: string, client: DbClient = db): Promise<MailboxOrderRow> {
  const row = await client.mailboxOrder.findFirst({ where: { id: orderId, workspaceId: actor.workspaceId }, include: ORDER_INCLUDE });
  if (!row) throw HeraldError.notFound("Mailbox order");
  return row;
}

export async function getMailboxOrder(actor: Actor, orderId: string): Promise<TMailboxOrder> {
  return toMailboxOrder(await findMailboxOrder(actor, orderId));
}
