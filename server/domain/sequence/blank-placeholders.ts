// Which placeholders a step's copy would leave empty for one lead: no value, no inline fallback and
// no fallback copy standing in. The decision core acts on them for an e-mail step (whenValueMissing)
// and the sequence editor warns about them, from the same rendering the sending side uses. With the
// lead's seed, the version of the copy's spintax the lead gets; with null, every alternative at once
// (the editor's checks see a placeholder in any alternative). Pure.
import type { StepType, TVariantContent } from "../../schemas/sequence";
import { renderEmailContent } from "../mail/email-content";
import { renderCopy, type MergeFields } from "./render-copy";
import { fieldSeed, type CopySpin } from "./spintax";

/** Each copy field with the fallback copy that replaces it. */
const PAIRS = [
  ["text", "fallbackText"],
  ["note", "fallbackNote"],
  ["subject", "fallbackSubject"],
  ["script", "fallbackScript"],
] as const;

/**
 * The placeholders left empty in what the lead would get. An e-mail sent as a reply in its thread
 * (`replies`) has "Re: " of the first e-mail's subject, so its own subject does not count.
 */
export function blankPlaceholders(type: StepType, variant: Omit<TVariantContent, "id">, fields: MergeFields, replies: boolean, spin: CopySpin): string[] {
  if (type === "email") return renderEmailContent({ variant, fields, signature: null, threadSubject: replies ? "Re:" : null, spin }).blank;
  const blank = new Set<string>();
  for (const [field, fallback] of PAIRS) {
    if (variant[field]) renderCopy(variant[field], variant[fallback], fields, fieldSeed(spin.seed, field)).blank.forEach((name) => blank.add(name));
  }
  return [...blank];
}
