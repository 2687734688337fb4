import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import type { TPaginationQuery } from "../../schemas/common";
import type { TLeadImport } from "../../schemas/lead";
import { toLeadImport } from "./to-lead-import";

export async function listLeadImports(actor: Actor, paging: TPaginationQuery): Promise<{ imports: TLeadImport[]; total: number }> {
  const where = { workspaceId: actor.workspaceId };
  const [rows, total] = await Promise.all([
    db.leadImport.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: paging.limit, skip: paging.offset }),
    db.leadImport.count({ where }),
  ]);
  return { imports: rows.map(toLeadImport), total };
}
