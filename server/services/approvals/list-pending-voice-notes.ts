// Lists a workspace's voice notes waiting for a person (default: pending, oldest first), each with a
// fresh signed audio address. Statements as for the comments' list (list-pending-comments.ts).
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { ZListApprovalsQuery, type TListApprovalsQuery, type TPendingVoiceNote } from "../../schemas/approvals";
import { DRAFT_LEAD_INCLUDE, draftFilters, inPageOrder } from "./draft-context";
import { toPendingVoiceNotes } from "./to-pending-voice-note";

export async function listPendingVoiceNotes(actor: Actor, query: TListApprovalsQuery): Promise<{ data: TPendingVoiceNote[]; paging: { limit: number; offset: number; total: number } }> {
  const { limit, offset, ...filters } = parseInput(ZListApprovalsQuery, query);
  const where = draftFilters(actor, filters);
  // The page's ids first, then its rows: a deep offset then sorts ids, not whole drafts (BENCHMARKS.md).
  const [total, page] = await Promise.all([
    db.pendingVoiceNote.count({ where }),
    db.pendingVoiceNote.findMany({ where, select: { id: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: limit, skip: offset }),
  ]);
  const ids = page.map((row) => row.id);
  const rows = inPageOrder(ids, ids.length ? await db.pendingVoiceNote.findMany({ where: { id: { in: ids } }, include: DRAFT_LEAD_INCLUDE }) : []);
  return { data: await toPendingVoiceNotes(rows), paging: { limit, offset, total } };
}
