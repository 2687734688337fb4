import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TPaginationQuery } from "../../schemas/common";
import type { TLeadList } from "../../schemas/lead";
import { toLeadLists } from "./to-lead-list";

export async function listLeadLists(actor: Actor, paging: TPaginationQuery): Promise<{ lists: TLeadList[]; total: number }> {
  const where = { workspaceId: actor.workspaceId };
  const [rows, total] = await Promise.all([
    db.leadList.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: paging.limit, skip: paging.offset }),
    db.leadList.count({ where }),
  ]);
  return { lists: await toLeadLists(rows), total };
}
