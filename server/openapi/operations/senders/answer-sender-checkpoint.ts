import { ZCheckpointAnswer, ZCheckpointState } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";
import { ZAccountIdParams } from "./shared";

export const answerSenderCheckpointOperation = defineOperation({
  operationId: "answerSenderCheckpoint",
  method: "post",
  path: "/accounts/{id}/checkpoint",
  summary: "Answer the pending verification step",
  description:
    "Send exactly one of `code` (2FA, OTP), `phone` (PHONE_REGISTER), `resend: true` or `tryAnotherWay: true` (when the checkpoint allows them). Answers the same shape as GET. A wrong code is a 400 `checkpoint-code-rejected` and leaves the step pending; 409 `checkpoint-expired` five minutes after LinkedIn asked; 409 `no-checkpoint` when none is pending; 409 `checkpoint-answered-elsewhere` for IN_APP_VALIDATION and CAPTCHA. 409 `checkpoint-step-unavailable` when the step cannot be resent or offers no other way (`resend`, `tryAnotherWay`). When LinkedIn cannot be reached (503 `provider-timeout`, `provider-unreachable`, 429 `rate-limited`, with Retry-After) the sender and its step are kept: send the answer again. Only a definitive failure (such as `verification-failed` after three wrong codes) ends the attempt: a first connect's sender is then removed with account.connection_failed, while a sender that was connected before and is reconnecting is never removed — it goes back to its previous connection status with `error` set (also when its step expires).",
  tags: ["Senders"],
  params: ZAccountIdParams,
  body: ZCheckpointAnswer,
  response: ZCheckpointState,
  errors: [
    "not-found",
    "no-checkpoint",
    "checkpoint-expired",
    "checkpoint-answered-elsewhere",
    "checkpoint-step-unavailable",
    "checkpoint-code-rejected",
    "verification-failed",
    "session-expired",
    "already-connected",
    "rate-limited",
    "provider-timeout",
    "provider-unreachable",
  ],
});
