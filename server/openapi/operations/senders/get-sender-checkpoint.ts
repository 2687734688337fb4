import { ZCheckpointState } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";
import { ZAccountIdParams } from "./shared";

export const getSenderCheckpointOperation = defineOperation({
  operationId: "getSenderCheckpoint",
  method: "get",
  path: "/accounts/{id}/checkpoint",
  summary: "The pending verification step",
  description:
    "`data` is null when no verification step is pending. IN_APP_VALIDATION and CAPTCHA are completed outside the API: poll this endpoint (or listen for account.connected); the call re-reads the live session and clears the challenge as soon as the sender is up.",
  tags: ["Senders"],
  params: ZAccountIdParams,
  response: ZCheckpointState,
  errors: [404],
});
