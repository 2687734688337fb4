// The lead's messages on its other conversations of the workspace (the other channel, or another
// sender or mailbox), for a conversation that shows the person's whole exchange in one timeline.
import { db, Prisma, type DbClient } from "../../db/client";
import type { TConversation } from "../../schemas/inbox";
import { conversationMessages } from "./conversation-messages";
import { CONVERSATION_FROM, CONVERSATION_ROW_COLUMNS, toConversationSummaries, type ConversationRow } from "./to-conversation-summaries";

/** How many other conversations, and how many of their latest messages, a conversation shows beside its own. */
const OTHER_CONVERSATIONS = 5;
const ELSEWHERE_MESSAGES = 50;

export async function leadElsewhere(row: ConversationRow, workspaceId: string, client: DbClient = db): Promise<TConversation["elsewhere"]> {
  const others = await client.$queryRaw<ConversationRow[]>`SELECT ${Prisma.raw(CONVERSATION_ROW_COLUMNS)} FROM ${Prisma.raw(CONVERSATION_FROM)}
    WHERE c."workspaceId" = ${workspaceId} AND c."leadId" = ${row.leadId} AND c."id" <> ${row.id}
    ORDER BY c."lastMessageAt" DESC, c."id" LIMIT ${OTHER_CONVERSATIONS}`;
  if (!others.length) return [];
  const summaries = await toConversationSummaries(others, workspaceId, client);
  const lists = await Promise.all(others.map((other) => conversationMessages({ ...other, workspaceId }, client)));
  return others
    .flatMap((other, index) =>
      lists[index]!.map((message) => ({ conversationId: other.id, channel: summaries[index]!.channel, accountName: summaries[index]!.account.name, subject: other.subject, message })),
    )
    .sort((a, b) => a.message.at.localeCompare(b.message.at))
    .slice(-ELSEWHERE_MESSAGES);
}
