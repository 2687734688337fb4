// A manual task of a campaign step, as the Tasks queue, GET /tasks and POST /tasks/{id}/complete show it.
import { z } from "zod";
import { ZPaginationQuery, ZPagingWithTotal, ZTimestamp } from "./common";
import { TASK_KINDS } from "./sequence";

export const TASK_STATUSES = ["pending", "done", "skipped", "cancelled"] as const;

export const ZManualTask = z
  .object({
    id: z.string().meta({ example: "tsk_3f2a9c0d1e4b4a7c8d9e0f1a2b3c4d5e" }),
    kind: z.enum(TASK_KINDS).meta({ description: "call: call the lead; phone_message: message them from your phone; custom: what the instructions say" }),
    instructions: z.string().meta({ description: "The step's instructions with the lead's placeholders filled in" }),
    status: z.enum(TASK_STATUSES).meta({
      description: "pending: waits for a person; done or skipped: decided (the lead continues either way); cancelled: the lead left the step another way (stopped, replied, removed)",
    }),
    dueAt: ZTimestamp.meta({ description: "When it should be done (the step's `dueHours` after the lead reached it); a pending task past it is overdue and keeps waiting" }),
    overdue: z.boolean(),
    note: z.string().nullable().meta({ description: "What the person wrote when deciding it" }),
    campaignId: z.string(),
    campaignName: z.string(),
    campaignLeadId: z.string(),
    stepId: z.string(),
    lead: z.object({
      id: z.string(),
      name: z.string(),
      headline: z.string().nullable(),
      company: z.string().nullable(),
      email: z.string().nullable(),
      profileUrl: z.string().nullable(),
      phone: z.string().nullable().meta({ description: "The lead's `phone` custom variable, when it has one" }),
    }),
    createdAt: ZTimestamp,
    decidedAt: ZTimestamp.nullable(),
  })
  .meta({ id: "ManualTask" });
export type TManualTask = z.infer<typeof ZManualTask>;

export const ZListManualTasksQuery = ZPaginationQuery.extend({
  status: z.enum(TASK_STATUSES).optional().meta({ description: "Default: pending" }),
  campaignId: z.string().min(1).optional(),
});
export type TListManualTasksQuery = z.infer<typeof ZListManualTasksQuery>;

export const ZManualTaskList = z.object({ data: z.array(ZManualTask), paging: ZPagingWithTotal });

export const ZCompleteManualTaskInput = z.object({
  outcome: z.enum(["done", "skipped"], { message: "must be done or skipped" }).meta({ description: "done: the person did it; skipped: they chose not to. Either way the lead continues with the next step" }),
  note: z.string().trim().max(1000, "must be at most 1000 characters").optional().meta({ description: "What happened, for the lead's history" }),
});
export type TCompleteManualTaskInput = z.infer<typeof ZCompleteManualTaskInput>;

export const ZManualTaskIdParams = z.object({ id: z.string().min(1) });
