// The editor's check of a variant's placeholders against the campaign's leads: how many leads would
// get an empty value (no value, no inline fallback, no fallback copy), with the words to fix it. The
// rendering is the sending side's (blankPlaceholders), so what it warns about is what goes out; it
// looks at every alternative of the copy's spintax at once, since some lead gets each of them.
import { blankPlaceholders } from "@/server/domain/sequence/blank-placeholders";
import { placeholderWords, STANDARD_FIELDS, type MergeFields } from "@/server/domain/sequence/render-copy";
import type { StepType, TVariantContent } from "@/server/schemas/sequence";
import type { CopySpin } from "@/server/domain/sequence/spintax";

const EVERY_VERSION: CopySpin = { seed: null };

export interface PlaceholderGap {
  name: string;
  /** Leads among those looked at that would get an empty value. */
  leads: number;
}

/** A fallback to suggest for a placeholder: `{{company|your team}}`. */
export function suggestedFallback(name: string): string {
  const words: Record<string, string> = { firstName: "there", company: "your team", jobTitle: "your role", location: "your area", headline: "your work" };
  return `{{${name}|${words[name] ?? "…"}}}`;
}

/**
 * Placeholders some leads would get empty, the most leads first. A lead field the dashboard's lead
 * record does not carry (job title, location) is not judged: its value is unknown here, not missing.
 */
export function placeholderGaps(input: { type: StepType; variant: Omit<TVariantContent, "id">; leads: readonly MergeFields[]; replies: boolean }): PlaceholderGap[] {
  const counts = new Map<string, number>();
  for (const fields of input.leads) {
    for (const name of blankPlaceholders(input.type, input.variant, fields, input.replies, EVERY_VERSION)) {
      if (STANDARD_FIELDS.includes(name) && !Object.hasOwn(fields, name)) continue;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return [...counts].map(([name, leads]) => ({ name, leads })).sort((a, b) => b.leads - a.leads || a.name.localeCompare(b.name));
}

/** "3 of 40 leads have no company: they would get an empty value. Add a fallback like {{company|your team}}." */
export function describeGap(gap: PlaceholderGap, looked: number, total: number): string {
  const of = total > looked ? `of the first ${looked} leads` : `of ${looked} lead${looked === 1 ? "" : "s"}`;
  const one = gap.leads === 1;
  return `${gap.leads} ${of} ${one ? "has" : "have"} no ${placeholderWords(gap.name)}: ${one ? "it" : "they"} would get an empty value. Add a fallback like ${suggestedFallback(gap.name)}.`;
}
