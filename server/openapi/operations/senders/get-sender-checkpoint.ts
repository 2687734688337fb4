import { ZCheckpointState } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";
import { ZAccountIdParams } from "./shared";

export const getSenderCheckpointOperation = defineOperation({
  operationId: "getSenderCheckpoint",
  method: "get",
  path: "/accounts/{id}/checkpoint",
  summary: "The pending verification step",
  description:
    "`data` is null when no verification step is pending. IN_APP_VALIDATION (approved in the LinkedIn app) and CAPTCHA (solved on LinkedIn's page, `checkpoint.url`) are completed outside the API. Herald watches them in the background, re-reading the live session every 10 seconds until the step clears or expires (five minutes after LinkedIn asked): when the sender is up it connects without anyone calling this endpoint, and account.connected and account.status_changed (with `previousConnectionStatus: checkpoint_required` beside `account`) are sent. Listen for those events, or poll this endpoint: the call also re-reads the live session and clears the challenge at once.",
  tags: ["Senders"],
  params: ZAccountIdParams,
  response: ZCheckpointState,
  errors: ["not-found", "already-connected"],
});
