// A/B variants of a step. Variant A is config.variants[0]; the flat copy on config always equals
// variant A's content, as PATCH /campaigns/{id} requires.
import type { TVariantContent } from "@/server/schemas/sequence";
import { newVariantId } from "@/server/domain/sequence/wire-sequence";
import { contentOf, CONTENT_FIELDS } from "./fields";
import type { EditorStep } from "./tree";

export const MAX_VARIANTS = 5;
export type StepConfig = EditorStep["config"];
export type Variant = StepConfig["variants"][number];

/** A, B, C… */
export function variantLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** The config with its flat copy replaced by variant A's content. */
export function withFlatCopy(config: StepConfig): StepConfig {
  const next: Record<string, unknown> = { ...config };
  for (const field of CONTENT_FIELDS) delete next[field];
  const variants = config.variants.length ? config.variants : [{ id: "a" }];
  return { ...(next as StepConfig), ...contentOf(variants[0]!), variants };
}

/** Adds a variant that starts as a copy of variant A, to be reworded. */
export function addVariant(step: EditorStep, id: string = newVariantId()): EditorStep {
  if (step.config.variants.length >= MAX_VARIANTS) return step;
  const first = step.config.variants[0] ?? { id: "a" };
  const variants = [...step.config.variants, { ...contentOf(first), id }];
  return { ...step, config: withFlatCopy({ ...step.config, variants }) };
}

/** Removes a variant; the last one stays. Removing A makes B the new A. */
export function removeVariant(step: EditorStep, index: number): EditorStep {
  if (step.config.variants.length <= 1) return step;
  const variants = step.config.variants.filter((_variant, position) => position !== index);
  // A removed variant can no longer be the promoted one: leads are split between those left.
  const { promotedVariantId, ...config } = step.config;
  const keepPromoted = promotedVariantId && variants.some((variant) => variant.id === promotedVariantId);
  return { ...step, config: withFlatCopy({ ...config, variants, ...(keepPromoted ? { promotedVariantId } : {}) }) };
}

/** Changes some content of one variant; an empty string clears the field. */
export function setVariantContent(step: EditorStep, index: number, patch: Partial<Omit<TVariantContent, "id">>): EditorStep {
  const variants = step.config.variants.map((variant, position) => {
    if (position !== index) return variant;
    const next: Record<string, unknown> = { ...variant, ...patch };
    for (const [field, value] of Object.entries(patch)) if (value === undefined || value === "") delete next[field];
    return next as Variant;
  });
  return { ...step, config: withFlatCopy({ ...step.config, variants }) };
}
