// Rejects a pending AI line: the lead's step uses the fallback for it (the placeholder's inline
// fallback, else the step's fallback copy), with the reason on its journal. 409 already-decided.
import type { Actor } from "../../lib/actor";
import type { TPendingAiLine } from "../../schemas/ai-lines";
import { decideAiLine } from "./decide-ai-line";
import { getPendingAiLine } from "./list-pending-ai-lines";

export async function rejectPendingAiLine(actor: Actor, id: string): Promise<TPendingAiLine> {
  await decideAiLine(actor, id, { status: "rejected" });
  return getPendingAiLine(actor, id);
}
