// The handlers of the manual tasks operations, beside their operations in this folder (registry.ts lists them).
import { apiHandler } from "../../../http/api-handler";
import { completeManualTask } from "../../../services/tasks/complete-manual-task";
import { listManualTasks } from "../../../services/tasks/list-manual-tasks";
import { completeManualTaskOperation } from "./complete-manual-task";
import { listManualTasksOperation } from "./list-manual-tasks";

export const tasksHandlers = [
  // GET /api/v1/tasks – the Tasks queue: manual tasks of campaign steps, soonest due first
  apiHandler(listManualTasksOperation, async ({ actor, query }) => listManualTasks(actor, query)),
  // POST /api/v1/tasks/{id}/complete – mark a task done or skipped; the lead continues
  apiHandler(completeManualTaskOperation, async ({ actor, params, body }) => ({ data: await completeManualTask(actor, params.id, body) })),
];
