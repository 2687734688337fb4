// Changes a pending draft's text; it stays pending. 409 already-decided once it is not.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { parseInput } from "../../lib/zod-issues";
import { ZEditCommentInput, type TPendingComment } from "../../schemas/approvals";
import { alreadyDecided, findDraft } from "./decide-draft";
import { getPendingComment } from "./get-pending-comment";

export async function editPendingComment(actor: Actor, id: string, input: { comment: string }): Promise<TPendingComment> {
  const { comment } = parseInput(ZEditCommentInput, input);
  const edited = await db.pendingComment.updateMany({ where: { id, workspaceId: actor.workspaceId, status: "pending" }, data: { comment, updatedAt: now() } });
  if (!edited.count) throw alreadyDecided("comment", (await findDraft("comment", actor, id)).status);
  return getPendingComment(actor, id);
}
