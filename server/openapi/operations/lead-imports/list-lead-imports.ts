import { listEnvelope, ZPaginationQuery } from "../../../schemas/common";
import { ZLeadImport } from "../../../schemas/lead";
import { defineOperation } from "../../../http/api-operation";

export const listLeadImportsOperation = defineOperation({
  operationId: "listLeadImports",
  method: "get",
  path: "/lead-imports",
  summary: "List imports",
  description: "Newest first.",
  tags: ["Lead imports"],
  query: ZPaginationQuery,
  response: listEnvelope(ZLeadImport, { total: true }),
  acceptsWorkspaceHeader: true,
});
