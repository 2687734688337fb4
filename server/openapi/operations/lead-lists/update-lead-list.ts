import { dataEnvelope } from "../../../schemas/common";
import { ZLeadList, ZUpdateLeadListInput } from "../../../schemas/lead";
import { defineOperation } from "../../../http/api-operation";
import { ZLeadListIdParams } from "./shared";

export const updateLeadListOperation = defineOperation({
  operationId: "updateLeadList",
  method: "patch",
  path: "/lead-lists/{id}",
  summary: "Rename a lead list",
  tags: ["Lead lists"],
  params: ZLeadListIdParams,
  body: ZUpdateLeadListInput,
  response: dataEnvelope(ZLeadList),
  errors: ["not-found"],
});
