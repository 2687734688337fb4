// The AI lines one lead's step uses: its own variant (chooseStepVariant) in its own version of the
// copy's spintax (copySeed; an e-mail follow-up's borrowed subject in the first e-mail's version),
// as the executor sends it. The approvals' release, the preview and the sweep of held leads ask it,
// so that a line the lead's copy leaves out is never written, charged or waited for. Pure.
import type { TAiVariable, WiredSequence, WiredStep } from "../../schemas/sequence";
import { aiLinesUsed } from "./ai-lines";
import { chooseStepVariant } from "./choose-variant";
import type { Variant } from "./decide-step";
import { variantToSend } from "./decide-email-step";
import { copySeed, type CopySpin } from "./spintax";

/** The variant a lead gets at a step and the version of its spintax, as sending picks them. */
export function leadCopyVersion(sequence: WiredSequence, step: WiredStep, campaignLeadId: string): { variant: Variant; spin: CopySpin } {
  const variant = chooseStepVariant(step, campaignLeadId);
  if (step.type === "email") return variantToSend(sequence, step, variant, campaignLeadId);
  return { variant, spin: { seed: copySeed(campaignLeadId, step.id, variant.id) } };
}

/** The declared lines the lead's own version of the step uses. */
export function leadAiLines(sequence: WiredSequence, step: WiredStep, campaignLeadId: string): TAiVariable[] {
  const { variant, spin } = leadCopyVersion(sequence, step, campaignLeadId);
  return aiLinesUsed(step, variant, spin);
}
