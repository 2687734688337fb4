import { dataEnvelope } from "../../../schemas/common";
import { ZStartVerificationJobInput, ZVerificationJob } from "../../../schemas/verification";
import { defineOperation } from "../../../http/api-operation";

export const startVerificationJobOperation = defineOperation({
  operationId: "startVerificationJob",
  method: "post",
  path: "/verification/jobs",
  summary: "Verify many e-mail addresses in the background",
  description:
    "Starts a job that checks `emails` (1 to 100,000; repeats in any case are checked once) as POST /verification does, and answers 202 with the job at once. Addresses with a result younger than the workspace's verification age count as checked immediately and are not checked again. Poll GET /verification/jobs/{id} for the progress (`checked` of `total`, `counts` by status, updated every 2,000 addresses; 100,000 addresses over a few thousand domains take a few minutes), then read the results with GET /verification/jobs/{id}/results. A job that stops on an error is `failed` with the reason in `error`; what it checked is kept.",
  tags: ["Verification"],
  body: ZStartVerificationJobInput,
  response: dataEnvelope(ZVerificationJob),
  successStatus: 202,
  acceptsWorkspaceHeader: true,
});
