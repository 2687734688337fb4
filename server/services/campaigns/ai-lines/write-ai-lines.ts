// Writes a lead's AI lines for a step with the installation's text generator and stores them, one
// row per campaign lead, step and line (AiLine). Each line written spends AI credits through the
// ledger, as a drafted comment does: debited before the model is asked, given back when it fails or
// writes nothing. A line that cannot be had is stored `failed` with the reason, so the step takes its
// fallback and no retry or re-send asks (or charges) again: no facts about the lead (nothing spent),
// no credits left ("AI credits ran out"), or the model failing twice.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { isHeraldError } from "../../../lib/errors";
import { logger } from "../../../lib/logger";
import { getTextGenerator } from "../../../providers/ai";
import type { AiLineInput } from "../../../providers/ai/types";
import type { TAiVariable } from "../../../schemas/sequence";
import { AI_LINE_COST, AI_REASONS, DEFAULT_AI_LINE_MAX, aiPromptHash, hasAiFacts } from "../../../domain/sequence/ai-lines";
import { debitAiCredits } from "../../credits/debit-ai-credits";
import { refundAiCredits } from "../../credits/refund-ai-credits";

/** How many times the model is asked before a line counts as failed. */
const ATTEMPTS = 2;

export interface AiLineOwner {
  workspaceId: string;
  campaignId: string;
  campaignLeadId: string;
  leadId: string;
  stepId: string;
  linkedinAccountId: string | null;
}

export interface AiLineSource {
  lead: AiLineInput["lead"];
  post: AiLineInput["post"];
  sender: AiLineInput["sender"];
}

type Written = { status: "ready" | "failed"; value: string | null; reason: string | null };

async function writeOne(owner: AiLineOwner, line: TAiVariable, source: AiLineSource, userId: string | undefined): Promise<Written> {
  if (!hasAiFacts({ ...source.lead, postText: source.post?.text })) return { status: "failed", value: null, reason: AI_REASONS.noFacts };
  const reference = `${owner.campaignLeadId}:${owner.stepId}:${line.name}`;
  try {
    await debitAiCredits({ workspaceId: owner.workspaceId, amount: AI_LINE_COST, reason: "ai-line", reference, userId });
  } catch (error) {
    if (isHeraldError(error) && error.code === "insufficient-credits") return { status: "failed", value: null, reason: AI_REASONS.noCredits };
    throw error;
  }
  const maxLength = line.maxLength ?? DEFAULT_AI_LINE_MAX;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      // One line, whatever the model wrote: no line breaks (a line may go into a subject, a header).
      const value = (await getTextGenerator().writeLine({ name: line.name, prompt: line.prompt, maxLength, ...source })).replace(/\s+/g, " ").trim().slice(0, maxLength);
      if (value) return { status: "ready", value, reason: null };
      // The model found nothing to write from: asking again would not change that.
      await refundAiCredits({ workspaceId: owner.workspaceId, amount: AI_LINE_COST, reference });
      return { status: "failed", value: null, reason: AI_REASONS.noFacts };
    } catch (error) {
      logger.warn("Writing an AI line failed", { reference, attempt, error });
    }
  }
  await refundAiCredits({ workspaceId: owner.workspaceId, amount: AI_LINE_COST, reference });
  return { status: "failed", value: null, reason: AI_REASONS.providerFailed };
}

/**
 * Writes `lines` for the lead and stores them (replacing a row written for an older prompt). With
 * `approval`, a written line waits in the approvals queue (`pending-approval`).
 */
export async function writeAiLines(input: { owner: AiLineOwner; lines: TAiVariable[]; source: AiLineSource; approval: boolean; preview?: boolean; userId?: string }): Promise<void> {
  const { owner } = input;
  for (const line of input.lines) {
    const written = await writeOne(owner, line, input.source, input.userId);
    const at = now();
    const status = written.status === "ready" && input.approval ? "pending-approval" : written.status;
    const content = { prompt: line.prompt, promptHash: aiPromptHash(line), value: written.value, status, reason: written.reason, preview: input.preview ?? false, decidedAt: null, decidedById: null, updatedAt: at };
    await db.aiLine.upsert({
      where: { campaignLeadId_stepId_name: { campaignLeadId: owner.campaignLeadId, stepId: owner.stepId, name: line.name } },
      create: { ...owner, name: line.name, ...content, createdAt: at },
      update: { ...owner, ...content, createdAt: at },
    });
  }
}
