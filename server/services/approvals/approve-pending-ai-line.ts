// Approves a pending AI line, optionally edited: once the lead's step has no line left waiting, the
// step goes out with it at the next turn. 409 already-decided.
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { ZApproveAiLineInput, type TPendingAiLine } from "../../schemas/ai-lines";
import { decideAiLine } from "./decide-ai-line";
import { getPendingAiLine } from "./list-pending-ai-lines";

export async function approvePendingAiLine(actor: Actor, id: string, input: { value?: string } = {}): Promise<TPendingAiLine> {
  const { value } = parseInput(ZApproveAiLineInput, input ?? {});
  await decideAiLine(actor, id, { status: "approved", value });
  return getPendingAiLine(actor, id);
}
