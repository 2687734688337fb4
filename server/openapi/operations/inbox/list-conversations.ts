import { ZConversationPage, ZListConversationsQuery } from "../../../schemas/inbox";
import { defineOperation } from "../../../http/api-operation";
import { BEYOND_THE_SPEC } from "./shared";

export const listConversationsOperation = defineOperation({
  operationId: "listConversations",
  method: "get",
  path: "/conversations",
  summary: "List conversations",
  description: [
    BEYOND_THE_SPEC,
    "Newest first (by the latest message, then id). Filters: `channel` (`linkedin` or `email`), `accountId` (a sender or mailbox), `campaignId`, `interest` of the lead in the conversation's campaign (`unknown`: none set, or no campaign), `unread`, `replied` (the lead has written; auto-replies do not count) and `search` (part of the lead's name or e-mail address).",
    "Paged by cursor: pass `paging.nextCursor` as `cursor` for the next page (null on the last one). A conversation that gets a new message while you page moves to the top of the list: it is not repeated on a later page, and one not reached yet is found at the top, not further down. `unreadCount` counts the unread conversations matching the other filters (all but `unread`).",
  ].join("\n\n"),
  tags: ["Inbox"],
  query: ZListConversationsQuery,
  response: ZConversationPage,
  acceptsWorkspaceHeader: true,
});
