import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TPaginationQuery } from "../../schemas/common";
import type { TSenderAccount } from "../../schemas/sender";
import { toSenderAccount } from "./to-sender-account";

export async function listSenders(actor: Actor, paging: TPaginationQuery): Promise<{ senders: TSenderAccount[]; total: number }> {
  const where = { workspaceId: actor.workspaceId };
  const [rows, total] = await Promise.all([
    db.linkedinAccount.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: paging.limit, skip: paging.offset }),
    db.linkedinAccount.count({ where }),
  ]);
  return { senders: await Promise.all(rows.map((row) => toSenderAccount(row))), total };
}
