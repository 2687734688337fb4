import { dataEnvelope } from "../../../schemas/common";
import { ZCreateLeadListInput, ZLeadList } from "../../../schemas/lead";
import { defineOperation } from "../../../http/api-operation";

export const createLeadListOperation = defineOperation({
  operationId: "createLeadList",
  method: "post",
  path: "/lead-lists",
  summary: "Create a lead list",
  description: "A named set of leads. A campaign uses one list as its list (`listId`: its leads join the campaign, now and when added later) and may exclude others (`excludeListIds`).",
  tags: ["Lead lists"],
  body: ZCreateLeadListInput,
  response: dataEnvelope(ZLeadList),
  successStatus: 201,
  acceptsWorkspaceHeader: true,
});
