// After a campaign's sequence is saved: the AI lines waiting for approval that the new sequence no
// longer asks a person about. A line whose step no longer requires approval is ready (the step sends
// it as written); one whose prompt changed or that the step no longer declares is removed (the step
// writes the line anew at the lead's next turn, and charges it then). The executor's sweep
// (executor/release-settled-ai-holds.ts) then releases the leads that waited for them, so a lead never
// waits on a line nobody will be shown again. In the transaction that saves the sequence.
import type { Prisma } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { aiPromptHash, declaredAiLines } from "../../../domain/sequence/ai-lines";
import type { WiredSequence } from "../../../schemas/sequence";

export async function settleEditedAiLines(tx: Prisma.TransactionClient, campaignId: string, sequence: WiredSequence): Promise<void> {
  const pending = await tx.aiLine.findMany({ where: { campaignId, status: "pending-approval" }, select: { id: true, stepId: true, name: true, promptHash: true } });
  if (!pending.length) return;
  const steps = new Map(sequence.steps.map((step) => [step.id, step]));
  const ready: string[] = [];
  const stale: string[] = [];
  for (const line of pending) {
    const step = steps.get(line.stepId);
    const declared = step ? declaredAiLines(step).find((candidate) => candidate.name === line.name) : undefined;
    if (!step || !declared || aiPromptHash(declared) !== line.promptHash) stale.push(line.id);
    else if (step.config.aiApproval !== "required") ready.push(line.id);
  }
  if (ready.length) await tx.aiLine.updateMany({ where: { id: { in: ready }, status: "pending-approval" }, data: { status: "ready", updatedAt: now() } });
  if (stale.length) await tx.aiLine.deleteMany({ where: { id: { in: stale }, status: "pending-approval" } });
}
