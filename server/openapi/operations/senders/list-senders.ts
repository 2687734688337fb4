import { listEnvelope, ZPaginationQuery } from "../../../schemas/common";
import { ZSenderAccount } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";

export const listSendersOperation = defineOperation({
  operationId: "listSenders",
  method: "get",
  path: "/accounts",
  summary: "List senders",
  description: "The workspace's LinkedIn senders, newest first, with status, limits and usage.",
  tags: ["Senders"],
  query: ZPaginationQuery,
  response: listEnvelope(ZSenderAccount, { total: true }),
  acceptsWorkspaceHeader: true,
});
