import { logger } from "../../lib/logger";
import { getReplyClassifier } from "../../providers/ai";
import type { Interest } from "../../providers/ai/types";
import { debitAiCredits } from "../credits/debit-ai-credits";
import { refundAiCredits } from "../credits/refund-ai-credits";

/** Credits one reply classification costs. */
export const CLASSIFICATION_COST = 1;

/**
 * Classifies a reply for a workspace, spending its AI credits. Null when it could not be done: out
 * of credits, or the classifier failed (then the credit is given back). Null means unknown.
 */
export async function classifyReply(workspaceId: string, text: string, reference: string): Promise<Interest | null> {
  try {
    await debitAiCredits({ workspaceId, amount: CLASSIFICATION_COST, reason: "reply-classification", reference });
  } catch {
    return null;
  }
  try {
    return await getReplyClassifier().classify(text);
  } catch (error) {
    logger.warn("Reply classification failed; the credit is refunded", { error });
    await refundAiCredits({ workspaceId, amount: CLASSIFICATION_COST, reference });
    return null;
  }
}
