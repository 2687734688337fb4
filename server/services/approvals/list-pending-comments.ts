// Lists a workspace's comment drafts (default: pending, oldest first), with filters and paging.
// The same few statements however many drafts wait (the count, the page's ids, its rows with their
// leads, the names): the unfiltered queue walks the (workspaceId, status, createdAt) index in order.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { ZListApprovalsQuery, type TListApprovalsQuery, type TPendingComment } from "../../schemas/approvals";
import { DRAFT_LEAD_INCLUDE, draftFilters, inPageOrder } from "./draft-context";
import { toPendingComments } from "./to-pending-comment";

export async function listPendingComments(actor: Actor, query: TListApprovalsQuery): Promise<{ data: TPendingComment[]; paging: { limit: number; offset: number; total: number } }> {
  const { limit, offset, ...filters } = parseInput(ZListApprovalsQuery, query);
  const where = draftFilters(actor, filters);
  // The page's ids first, then its rows: a deep offset then sorts ids, not whole drafts (BENCHMARKS.md).
  const [total, page] = await Promise.all([
    db.pendingComment.count({ where }),
    db.pendingComment.findMany({ where, select: { id: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: limit, skip: offset }),
  ]);
  const ids = page.map((row) => row.id);
  const rows = inPageOrder(ids, ids.length ? await db.pendingComment.findMany({ where: { id: { in: ids } }, include: DRAFT_LEAD_INCLUDE }) : []);
  return { data: await toPendingComments(rows), paging: { limit, offset, total } };
}
