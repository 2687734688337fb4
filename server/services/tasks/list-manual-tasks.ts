// The Tasks queue: a workspace's manual tasks (default: pending, the soonest due first), with filters
// and paging. A pending task whose lead left the step another way (stopped, replied) is cancelled as
// it is read, so the queue only holds what a person can still do.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { parseInput } from "../../lib/zod-issues";
import { ZListManualTasksQuery, type TListManualTasksQuery, type TManualTask } from "../../schemas/manual-task";
import { TASK_INCLUDE, toManualTask } from "./to-manual-task";
import { cancelStrandedTasks } from "./cancel-stranded-tasks";

export async function listManualTasks(actor: Actor, query: TListManualTasksQuery): Promise<{ data: TManualTask[]; paging: { limit: number; offset: number; total: number } }> {
  const { limit, offset, status = "pending", campaignId } = parseInput(ZListManualTasksQuery, query);
  if (status === "pending") await cancelStrandedTasks(actor.workspaceId);
  const where = { workspaceId: actor.workspaceId, status, ...(campaignId ? { campaignId } : {}) };
  const orderBy = status === "pending" ? [{ dueAt: "asc" as const }, { id: "asc" as const }] : [{ decidedAt: "desc" as const }, { id: "asc" as const }];
  const [total, rows] = await Promise.all([db.manualTask.count({ where }), db.manualTask.findMany({ where, include: TASK_INCLUDE, orderBy, take: limit, skip: offset })]);
  const at = now();
  return { data: rows.map((row) => toManualTask(row, at)), paging: { limit, offset, total } };
}
