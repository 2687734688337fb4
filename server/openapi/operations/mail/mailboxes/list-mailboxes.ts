import { listEnvelope } from "../../../../schemas/common";
import { ZListMailboxesQuery, ZMailbox } from "../../../../schemas/mailbox";
import { defineOperation } from "../../../../http/api-operation";

export const listMailboxesOperation = defineOperation({
  operationId: "listMailboxes",
  method: "get",
  path: "/email-accounts",
  summary: "List mailboxes",
  description:
    "The workspace's mailboxes, newest first, with status, pause state, daily limit (`limits.daily`) and today's usage in the mailbox's `timezone` (`usage`), and the gateway counters. Credentials are never returned. `status` keeps one status.",
  tags: ["Mailboxes"],
  query: ZListMailboxesQuery,
  response: listEnvelope(ZMailbox, { total: true }),
  acceptsWorkspaceHeader: true,
});
