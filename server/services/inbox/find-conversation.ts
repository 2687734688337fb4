import { db, Prisma, type DbClient } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { CONVERSATION_FROM, CONVERSATION_ROW_COLUMNS, type ConversationRow } from "./to-conversation-summaries";

/** The actor's workspace's conversation with its lead, campaign and interest, or a 404 (also for another workspace's). */
export async function findConversation(actor: Actor, conversationId: string, client: DbClient = db): Promise<ConversationRow> {
  const [row] = await client.$queryRaw<ConversationRow[]>`SELECT ${Prisma.raw(CONVERSATION_ROW_COLUMNS)} FROM ${Prisma.raw(CONVERSATION_FROM)}
    WHERE c."id" = ${conversationId} AND c."workspaceId" = ${actor.workspaceId}`;
  if (!row) throw HeraldError.notFound("Conversation");
  return row;
}
