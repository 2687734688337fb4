import { dataEnvelope } from "../../../schemas/common";
import { ZCompleteManualTaskInput, ZManualTask, ZManualTaskIdParams } from "../../../schemas/manual-task";
import { defineOperation } from "../../../http/api-operation";

export const completeManualTaskOperation = defineOperation({
  operationId: "completeManualTask",
  method: "post",
  path: "/tasks/{id}/complete",
  summary: "Mark a manual task done or skipped",
  description:
    "Beyond the spec. `outcome` `done` or `skipped`, with an optional `note`: the task is decided, the lead's step history says who did what, and the lead continues with the step's next step after its delay (a paused lead stays paused there; at the end of its branch it is `done`, lead.status_changed). Any member of the workspace may decide tasks, approvers too. 409 `already-decided` when the task was decided already or its lead left the step (it is then `cancelled`).",
  tags: ["Tasks"],
  params: ZManualTaskIdParams,
  body: ZCompleteManualTaskInput,
  response: dataEnvelope(ZManualTask),
  errors: ["not-found", "already-decided"],
});
