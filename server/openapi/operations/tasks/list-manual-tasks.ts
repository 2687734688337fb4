import { ZListManualTasksQuery, ZManualTaskList } from "../../../schemas/manual-task";
import { defineOperation } from "../../../http/api-operation";

export const listManualTasksOperation = defineOperation({
  operationId: "listManualTasks",
  method: "get",
  path: "/tasks",
  summary: "List manual tasks",
  description: [
    "Beyond the spec: the Tasks queue. A campaign's `task` step (a call, a message sent from a phone, or a custom task) puts one task here per lead that reaches it, with the step's instructions filled in for the lead, and the lead waits until a person marks the task done or skipped (POST /tasks/{id}/complete).",
    "Filters: `status` (default `pending`, soonest due first; decided ones latest first), `campaignId`. A pending task is `overdue` once its `dueAt` has passed; it keeps waiting. A pending task whose lead left the step another way (stopped, replied, removed) is `cancelled` as the list is read. Paged by `limit` and `offset`; `paging.total` counts the tasks matching the filters.",
  ].join("\n\n"),
  tags: ["Tasks"],
  query: ZListManualTasksQuery,
  response: ZManualTaskList,
  acceptsWorkspaceHeader: true,
});
