import { dataEnvelope } from "../../../schemas/common";
import { ZLeadList } from "../../../schemas/lead";
import { defineOperation } from "../../../http/api-operation";
import { ZLeadListIdParams } from "./shared";

export const getLeadListOperation = defineOperation({
  operationId: "getLeadList",
  method: "get",
  path: "/lead-lists/{id}",
  summary: "Get a lead list",
  tags: ["Lead lists"],
  params: ZLeadListIdParams,
  response: dataEnvelope(ZLeadList),
  errors: ["not-found"],
});
