import { dataEnvelope } from "../../../schemas/common";
import { ZAddLeadsResult, ZLeadsInput } from "../../../schemas/lead";
import { defineOperation } from "../../../http/api-operation";
import { ZLeadListIdParams } from "./shared";

export const addLeadListLeadsOperation = defineOperation({
  operationId: "addLeadListLeads",
  method: "post",
  path: "/lead-lists/{id}/leads",
  summary: "Add leads to a list",
  description:
    "Up to 1000 leads per request, as for POST /campaigns/{id}/leads. Skipped with a reason: `duplicate`, `already-in-list`. Campaigns that use the list (`listId`) take the new leads in, within their exclusions.",
  tags: ["Lead lists"],
  params: ZLeadListIdParams,
  body: ZLeadsInput,
  response: dataEnvelope(ZAddLeadsResult),
  errors: ["not-found"],
});
