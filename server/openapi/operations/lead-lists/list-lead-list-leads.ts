import { listEnvelope, ZPaginationQuery } from "../../../schemas/common";
import { ZLead } from "../../../schemas/lead";
import { defineOperation } from "../../../http/api-operation";
import { ZLeadListIdParams } from "./shared";

export const listLeadListLeadsOperation = defineOperation({
  operationId: "listLeadListLeads",
  method: "get",
  path: "/lead-lists/{id}/leads",
  summary: "List the leads of a list",
  description: "In the order they were added, as full lead objects.",
  tags: ["Lead lists"],
  params: ZLeadListIdParams,
  query: ZPaginationQuery,
  response: listEnvelope(ZLead, { total: true }),
  errors: ["not-found"],
});
