// One comment draft of the workspace; 404 for another workspace's.
import { db, type DbClient } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TPendingComment } from "../../schemas/approvals";
import { DRAFT_LEAD_INCLUDE } from "./draft-context";
import { toPendingComments } from "./to-pending-comment";

export async function getPendingComment(actor: Actor, id: string, client: DbClient = db): Promise<TPendingComment> {
  const row = await client.pendingComment.findFirst({ where: { id, workspaceId: actor.workspaceId }, include: DRAFT_LEAD_INCLUDE });
  if (!row) throw HeraldError.notFound("Comment");
  const [comment] = await toPendingComments([row], client);
  return comment!;
}
