import { dataEnvelope } from "../../../schemas/common";
import { ZDirectAction, ZDirectActionInput } from "../../../schemas/direct-action";
import { defineOperation } from "../../../http/api-operation";
import { DIRECT_ACTION_NOTE, ZAccountIdParams, DIRECT_ACTION_ERRORS } from "./shared";

export const visitProfileOperation = defineOperation({
  operationId: "visitProfile",
  method: "post",
  path: "/accounts/{id}/profile-views",
  summary: "View a profile",
  description: `Registers a real view the member sees; counts against the sender's daily profile-view cap. ${DIRECT_ACTION_NOTE}`,
  tags: ["Direct actions"],
  params: ZAccountIdParams,
  body: ZDirectActionInput,
  response: dataEnvelope(ZDirectAction),
  errors: DIRECT_ACTION_ERRORS,
});
