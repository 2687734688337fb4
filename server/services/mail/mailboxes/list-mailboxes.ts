import { db } from "../../../db/client";
import type { Actor } from "../../../lib/actor";
import type { TListMailboxesQuery, TMailbox } from "../../../schemas/mailbox";
import { toMailboxes } from "./to-mailbox";

/** The workspace's mailboxes, newest first, by status and overall health; usage is counted for the whole page in one query. */
export async function listMailboxes(actor: Actor, query: TListMailboxesQuery): Promise<{ mailboxes: TMailbox[]; total: number }> {
  const where = { workspaceId: actor.workspaceId, ...(query.status ? { status: query.status } : {}), ...(query.health ? { health: query.health } : {}) };
  const [rows, total] = await Promise.all([
    db.mailbox.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit, skip: query.offset }),
    db.mailbox.count({ where }),
  ]);
  return { mailboxes: await toMailboxes(rows), total };
}
