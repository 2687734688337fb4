import { dataEnvelope } from "../../../schemas/common";
import { ZVerificationJob, ZVerificationJobIdParams } from "../../../schemas/verification";
import { defineOperation } from "../../../http/api-operation";

export const getVerificationJobOperation = defineOperation({
  operationId: "getVerificationJob",
  method: "get",
  path: "/verification/jobs/{id}",
  summary: "Get a verification job's progress",
  description:
    "The job's status (`queued`, `running`, `done`, `failed`), how many of its distinct addresses are checked (`checked` of `total`) and how many have each status so far (`counts`). Jobs started by Herald when leads are added (`source: leads-added`) are read the same way.",
  tags: ["Verification"],
  params: ZVerificationJobIdParams,
  response: dataEnvelope(ZVerificationJob),
  errors: ["not-found"],
  acceptsWorkspaceHeader: true,
});
