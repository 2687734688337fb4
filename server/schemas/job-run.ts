import { z } from "zod";
import { ZTimestamp } from "./common";

export const ZJobRunStatus = z.enum(["queued", "running", "waiting", "completed", "failed", "cancelled"]);

export const ZJobRunStep = z.object({
  name: z.string(),
  op: z.string(),
  attempt: z.number().int(),
  error: z.unknown().nullable(),
  at: ZTimestamp,
  durationMs: z.number().int(),
});

export const ZJobRun = z.object({
  id: z.string(),
  functionId: z.string(),
  functionName: z.string(),
  status: ZJobRunStatus,
  eventName: z.string(),
  /** What the run is blocked on, in words ("sleeping until …", "waiting for …"). */
  waitingFor: z.string().nullable(),
  nextRunAt: ZTimestamp.nullable(),
  error: z.unknown().nullable(),
  createdAt: ZTimestamp,
  finishedAt: ZTimestamp.nullable(),
  steps: z.array(ZJobRunStep),
});
export type TJobRun = z.infer<typeof ZJobRun>;

export const ZListJobRunsInput = z.object({
  status: ZJobRunStatus.optional(),
  limit: z.number().int().min(1).max(100).default(25),
  offset: z.number().int().min(0).default(0),
});

export type TListJobRunsInput = z.infer<typeof ZListJobRunsInput>;
