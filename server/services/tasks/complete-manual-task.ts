// A person marks a manual task done or skipped: the task records it, the step's journal says who did
// what, and the lead continues with the step's next step after its delay (a paused lead stays paused
// there). Two people deciding at once: one wins, the other is told (409 already-decided).
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { placeAfter } from "../../domain/sequence/step-timing";
import { ZCompleteManualTaskInput, type TCompleteManualTaskInput, type TManualTask } from "../../schemas/manual-task";
import { TASK_KIND_LABELS, type TaskKind } from "../../schemas/sequence";
import { withOutbox } from "../events/with-outbox";
import { sequenceOf, stepById } from "../campaigns/executor/load-campaign-sequence";
import { lockCampaignLead, placeCampaignLead } from "../campaigns/executor/settle-campaign-lead";
import { TASK_INCLUDE, toManualTask } from "./to-manual-task";

const DECIDED: Record<string, string> = {
  done: "This task was already marked done.",
  skipped: "This task was already skipped.",
  cancelled: "This task is no longer needed: its lead left the step (stopped, replied or removed).",
};

export async function completeManualTask(actor: Actor, taskId: string, input: TCompleteManualTaskInput): Promise<TManualTask> {
  const { outcome, note } = parseInput(ZCompleteManualTaskInput, input);
  const done = await withOutbox(async (tx, emit) => {
    const task = await tx.manualTask.findFirst({ where: { id: taskId, workspaceId: actor.workspaceId } });
    if (!task) throw HeraldError.notFound("Task");
    const status = await lockCampaignLead(tx, task.campaignLeadId);
    const fresh = await tx.manualTask.findUniqueOrThrow({ where: { id: task.id } });
    if (fresh.status !== "pending") throw new HeraldError({ code: "already-decided", message: DECIDED[fresh.status] ?? "This task was already decided." });
    const at = now();
    const row = await tx.campaignLead.findUniqueOrThrow({ where: { id: task.campaignLeadId }, include: { lead: true, campaign: true } });
    const waiting = status !== null && ["pending", "running", "paused"].includes(status) && row.currentStepId === task.stepId && row.phase === "approval";
    if (!waiting) {
      // Kept (the transaction commits), then refused below.
      await tx.manualTask.update({ where: { id: task.id }, data: { status: "cancelled", updatedAt: at } });
      return null;
    }
    await tx.manualTask.update({ where: { id: task.id }, data: { status: outcome, note: note || null, decidedAt: at, decidedById: actor.userId, updatedAt: at } });
    const user = await tx.user.findUnique({ where: { id: actor.userId }, select: { name: true, email: true } });
    const who = user?.name || user?.email || "a teammate";
    const what = `${TASK_KIND_LABELS[task.kind as TaskKind]} ${outcome === "done" ? "done" : "skipped"} by ${who}${note ? `: ${note}` : ""}`;
    await tx.campaignLeadStep.updateMany({
      where: { campaignLeadId: task.campaignLeadId, stepId: task.stepId },
      data: { status: outcome === "done" ? "done" : "skipped", detail: what.slice(0, 500), finishedAt: at },
    });
    const { campaign, ...campaignLead } = row;
    const sequence = sequenceOf(campaign);
    const step = stepById(sequence, task.stepId);
    const placement = step ? placeAfter(sequence, step, null, at) : ({ kind: "end" } as const);
    await placeCampaignLead(tx, emit, campaignLead, placement);
    return task.id;
  });
  if (!done) throw new HeraldError({ code: "already-decided", message: DECIDED.cancelled! });
  const row = await db.manualTask.findUniqueOrThrow({ where: { id: done }, include: TASK_INCLUDE });
  return toManualTask(row, now());
}
