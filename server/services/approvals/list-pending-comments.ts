// Lists a workspace's comment drafts (default: pending, oldest first), with filters and paging.
// Two statements for the page (the count, the rows with their leads) and two for the names, however
// many drafts wait: the unfiltered queue walks the (workspaceId, status, createdAt) index in order.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { ZListApprovalsQuery, type TListApprovalsQuery, type TPendingComment } from "../../schemas/approvals";
import { DRAFT_LEAD_INCLUDE, draftFilters } from "./draft-context";
import { toPendingComments } from "./to-pending-comment";

export async function listPendingComments(actor: Actor, query: TListApprovalsQuery): Promise<{ data: TPendingComment[]; paging: { limit: number; offset: number; total: number } }> {
  const { limit, offset, ...filters } = parseInput(ZListApprovalsQuery, query);
  const where = draftFilters(actor, filters);
  const [total, rows] = await Promise.all([
    db.pendingComment.count({ where }),
    db.pendingComment.findMany({ where, include: DRAFT_LEAD_INCLUDE, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: limit, skip: offset }),
  ]);
  return { data: await toPendingComments(rows), paging: { limit, offset, total } };
}
