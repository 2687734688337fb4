// GET /mailbox-orders: the workspace's orders, newest first, with domains, mailboxes and each
// mailbox's step; `status` keeps one status; offset paging.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TListMailboxOrdersQuery, TMailboxOrder } from "../../schemas/mailbox-order";
import { ORDER_INCLUDE, toMailboxOrder } from "./to-mailbox-order";

export async function listMailboxOrders(actor: Actor, query: TListMailboxOrdersQuery): Promise<{ data: TMailboxOrder[]; paging: { limit: number; offset: number } }> {
  const rows = await db.mailboxOrder.findMany({
    where: { workspaceId: actor.workspaceId, ...(query.status ? { status: query.status } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit,
    skip: query.offset,
    include: ORDER_INCLUDE,
  });
  return { data: rows.map(toMailboxOrder), paging: { limit: query.limit, offset: query.offset } };
}
