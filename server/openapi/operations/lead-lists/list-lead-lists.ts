import { listEnvelope, ZPaginationQuery } from "../../../schemas/common";
import { ZLeadList } from "../../../schemas/lead";
import { defineOperation } from "../../../http/api-operation";

export const listLeadListsOperation = defineOperation({
  operationId: "listLeadLists",
  method: "get",
  path: "/lead-lists",
  summary: "List lead lists",
  description: "Newest first, with their size and the campaigns that use or exclude them.",
  tags: ["Lead lists"],
  query: ZPaginationQuery,
  response: listEnvelope(ZLeadList, { total: true }),
  acceptsWorkspaceHeader: true,
});
