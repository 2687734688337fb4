// Drafts one comment with the installation's text generator, spending the workspace's AI credits
// through the ledger: debited before the model is asked, given back when it fails.
import { logger } from "../../../lib/logger";
import { isHeraldError } from "../../../lib/errors";
import { getTextGenerator } from "../../../providers/ai";
import type { CommentDraftInput } from "../../../providers/ai/types";
import { COMMENT_MAX } from "../../../schemas/approvals";
import { debitAiCredits } from "../../credits/debit-ai-credits";
import { refundAiCredits } from "../../credits/refund-ai-credits";
import type { DraftOutcome } from "./draft-outcome";

/** Credits one drafted comment costs (a regeneration costs the same). */
export const COMMENT_DRAFT_COST = 1;

export async function draftComment(input: { workspaceId: string; reference: string; userId?: string; draft: CommentDraftInput }): Promise<DraftOutcome<string>> {
  try {
    await debitAiCredits({ workspaceId: input.workspaceId, amount: COMMENT_DRAFT_COST, reason: "comment-draft", reference: input.reference, userId: input.userId });
  } catch (error) {
    if (isHeraldError(error) && error.code === "insufficient-credits") return { ok: false, reason: "insufficient-credits", message: "Not enough AI credits to draft the comment." };
    throw error;
  }
  try {
    const text = (await getTextGenerator().draftComment(input.draft)).trim();
    if (!text) throw new Error("The model wrote an empty comment");
    return { ok: true, value: text.slice(0, COMMENT_MAX) };
  } catch (error) {
    logger.warn("Drafting a comment failed; the credit is refunded", { reference: input.reference, error });
    await refundAiCredits({ workspaceId: input.workspaceId, amount: COMMENT_DRAFT_COST, reference: input.reference });
    return { ok: false, reason: "provider-failed", message: "The AI model could not draft the comment; Herald tries again later." };
  }
}
