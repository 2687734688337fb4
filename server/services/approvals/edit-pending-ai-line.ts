// Changes a pending AI line's text (one line, at most the step's length for it: decide-ai-line.ts
// personsLine); it stays waiting for a decision. 409 already-decided.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { parseInput } from "../../lib/zod-issues";
import { ZEditAiLineInput, type TPendingAiLine } from "../../schemas/ai-lines";
import { aiLineDecided, personsLine } from "./decide-ai-line";
import { getPendingAiLine } from "./list-pending-ai-lines";

export async function editPendingAiLine(actor: Actor, id: string, input: { value: string }): Promise<TPendingAiLine> {
  const { value } = parseInput(ZEditAiLineInput, input ?? {});
  const line = await getPendingAiLine(actor, id);
  const changed = await db.aiLine.updateMany({ where: { id, workspaceId: actor.workspaceId, status: "pending-approval" }, data: { value: await personsLine(line, value), updatedAt: now() } });
  if (!changed.count) throw aiLineDecided(line.status);
  return getPendingAiLine(actor, id);
}
