// Lists a workspace's comment drafts (default: pending, oldest first), with filters and paging.
import type { Actor } from "../../lib/actor";
import type { TListApprovalsQuery, TPendingComment } from "../../schemas/approvals";
export async function listPendingComments(actor: Actor, query: TListApprovalsQuery): Promise<{ data: TPendingComment[]; paging: { limit: number; offset: number; total: number } }> {
  throw new Error("listPendingComments is not built yet");
}
