// The unified inbox's list: the workspace's conversations on both channels, newest first
// (lastMessageAt desc, id desc), filtered, paged by keyset (see conversation-cursor.ts), with the
// number of unread conversations matching the same filters. Two statements per page (the page with
// its leads, campaigns and interests joined; the unread count) plus one per channel for the account
// names, whatever the workspace holds: each filter walks an index of Conversation in the list's order.
import type { z } from "zod";
import { db, Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { ZListConversationsQuery, type TConversationPage, type TListConversationsQuery } from "../../schemas/inbox";
import { decodeConversationCursor, encodeConversationCursor } from "./conversation-cursor";
import { CONVERSATION_FROM, CONVERSATION_ROW_COLUMNS, toConversationSummaries, type ConversationRow } from "./to-conversation-summaries";

type Filters = z.output<typeof ZListConversationsQuery>;

/** A search term as an ILIKE pattern matching it anywhere, its wildcards and escape character taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The conditions of the filters (all but `unread`, which the unread count replaces, when `withUnread` is false). */
function conditions(actor: Actor, query: Filters, withUnread: boolean): Prisma.Sql[] {
  const where: Prisma.Sql[] = [Prisma.sql`c."workspaceId" = ${actor.workspaceId}`];
  if (query.channel) where.push(Prisma.sql`c."channel" = ${query.channel}`);
  if (query.accountId) where.push(Prisma.sql`c."accountId" = ${query.accountId}`);
  if (query.campaignId) where.push(Prisma.sql`c."campaignId" = ${query.campaignId}`);
  if (query.interest === "unknown") where.push(Prisma.sql`cl."interest" IS NULL`);
  else if (query.interest) where.push(Prisma.sql`cl."interest" = ${query.interest}`);
  if (withUnread && query.unread !== undefined) where.push(Prisma.sql`c."unread" = ${query.unread}`);
  if (query.replied !== undefined) where.push(query.replied ? Prisma.sql`c."inboundCount" > 0` : Prisma.sql`c."inboundCount" = 0`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(
      Prisma.sql`(concat_ws(' ', l."firstName", l."lastName") ILIKE ${pattern} ESCAPE '\\' OR l."email" ILIKE ${pattern} ESCAPE '\\')`,
    );
  }
  return where;
}

/** A stored DateTime's column value (UTC, without a zone) as text, compared without any session time zone. */
const utcTimestamp = (at: Date) => at.toISOString().slice(0, -1);

const FROM = Prisma.raw(CONVERSATION_FROM);

/** The count joins only the tables its filters read: the unread conversations alone are an index-only count. */
function countFrom(query: Filters): Prisma.Sql {
  return Prisma.raw(
    [
      `"Conversation" c`,
      query.search ? `JOIN "Lead" l ON l."id" = c."leadId"` : "",
      query.interest ? `LEFT JOIN "CampaignLead" cl ON cl."id" = c."campaignLeadId"` : "",
    ].join(" "),
  );
}

export async function listConversations(actor: Actor, input: TListConversationsQuery): Promise<TConversationPage> {
  const query = parseInput(ZListConversationsQuery, input);
  const after = query.cursor ? decodeConversationCursor(query.cursor) : null;
  const where = conditions(actor, query, true);
  if (after) where.push(Prisma.sql`(c."lastMessageAt", c."id") < (${utcTimestamp(after.lastMessageAt)}::timestamp(3), ${after.id})`);
  const countWhere = [...conditions(actor, query, false), Prisma.sql`c."unread"`];
  const [rows, counted] = await Promise.all([
    db.$queryRaw<ConversationRow[]>`SELECT ${Prisma.raw(CONVERSATION_ROW_COLUMNS)} FROM ${FROM}
      WHERE ${Prisma.join(where, " AND ")}
      ORDER BY c."lastMessageAt" DESC, c."id" DESC LIMIT ${query.limit + 1}`,
    db.$queryRaw<Array<{ count: number }>>`SELECT count(*)::int AS "count" FROM ${countFrom(query)} WHERE ${Prisma.join(countWhere, " AND ")}`,
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: await toConversationSummaries(page, actor.workspaceId),
    paging: { limit: query.limit, nextCursor: rows.length > query.limit && last ? encodeConversationCursor(last) : null },
    unreadCount: counted[0]?.count ?? 0,
  };
}
