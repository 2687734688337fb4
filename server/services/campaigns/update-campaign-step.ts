import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError, isHeraldError, type FieldIssue } from "../../lib/errors";
import type { TStepContentInput, TCampaign } from "../../schemas/campaign";
import type { WiredSequence } from "../../schemas/sequence";
import { wireSequence } from "../../domain/sequence/wire-sequence";
import { findCampaign } from "./find-campaign";
import { toCampaign } from "./to-campaign";
import { readSequence, sequenceColumn } from "./campaign-columns";
import { settleEditedAiLines } from "./ai-lines/settle-edited-ai-lines";
import { checkStepFiles, namedFiles } from "./check-step-files";

/**
 * Changes one step's copy and media (PATCH /campaigns/{id}/sequence/{stepId}), for variant A or the
 * variant named, keeping its id, wiring, delays and other variants. Message steps take attachments
 * and voice; InMail steps attachments only; recorded voice steps voice, unless they carry
 * per-sender recordings (voiceAssignments), which change through the whole sequence.
 */
/** Problems with this step are reported by the body's own field names (`subject`, not `sequence.steps.2.config.subject`). */
function namedForThisStep(error: unknown, index: number): unknown {
  if (!isHeraldError(error) || error.code !== "invalid-input") return error;
  const prefix = new RegExp(`^sequence\\.steps\\.${index}\\.config\\.(variants\\.\\d+\\.)?`);
  const fields = ((error.details?.fields as FieldIssue[] | undefined) ?? []).map((issue) => ({ ...issue, field: issue.field.replace(prefix, "") }));
  return HeraldError.invalidInput(fields.length ? `Invalid ${fields[0]!.field}: ${fields[0]!.message}` : error.message, fields);
}

export async function updateCampaignStep(actor: Actor, campaignId: string, stepId: string, input: TStepContentInput): Promise<TCampaign> {
  const { variantId, ...content } = input;
  const campaign = await findCampaign(actor, campaignId);
  const sequence = readSequence(campaign.sequence);
  const index = sequence.steps.findIndex((step) => step.id === stepId);
  if (index < 0) throw HeraldError.notFound("Step");
  const step = sequence.steps[index]!;
  if (step.type === "inmail" && content.voice) {
    throw HeraldError.invalidInput("Invalid voice: InMails carry no voice notes", [{ field: "voice", message: "InMails carry no voice notes" }]);
  }
  if (step.type === "voice_note" && step.config.voiceAssignments?.length) {
    throw new HeraldError({
      code: "voice-assignments",
      message: "This step has a recording per sender (voiceAssignments): replace them through PATCH /campaigns/{id} with the full sequence.",
    });
  }
  await checkStepFiles(actor.workspaceId, namedFiles("", content));
  const variants = step.config.variants;
  const position = variantId === undefined ? 0 : variants.findIndex((variant) => variant.id === variantId);
  if (position < 0) throw HeraldError.notFound("Variant");
  const nextVariants = variants.map((variant, at) => (at === position ? { ...variant, ...content } : variant));
  const { id: _id, ...variantA } = nextVariants[0]!;
  const nextStep = { ...step, config: { ...step.config, ...variantA, variants: nextVariants } };
  // The whole sequence goes through the same rules as the API's PATCH (content per kind, limits).
  let rewired: WiredSequence;
  try {
    rewired = wireSequence({ steps: sequence.steps.map((candidate, at) => (at === index ? nextStep : candidate)) }, { makeId: () => "" });
  } catch (error) {
    throw namedForThisStep(error, index);
  }
  const row = await db.$transaction(async (tx) => {
    const saved = await tx.campaign.update({
      where: { id: campaign.id },
      data: { sequence: sequenceColumn(rewired), updatedAt: now() },
    });
    await settleEditedAiLines(tx, campaign.id, rewired);
    return saved;
  });
  return toCampaign(row);
}
