import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TDirectAction } from "../../schemas/direct-action";
import { findSender } from "../senders/find-sender";
import { toDirectAction } from "./to-direct-action";

/** A sender's recent actions, direct and from campaigns, newest first. */
export async function listSenderActions(
  actor: Actor,
  accountId: string,
  paging: { limit: number; offset: number },
): Promise<{ actions: Array<TDirectAction & { source: string }>; total: number }> {
  const account = await findSender(actor, accountId);
  const where = { accountId: account.id };
  const [rows, total] = await Promise.all([
    db.senderAction.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: paging.limit, skip: paging.offset }),
    db.senderAction.count({ where }),
  ]);
  return { actions: rows.map((row) => ({ ...toDirectAction(row), source: row.source })), total };
}
