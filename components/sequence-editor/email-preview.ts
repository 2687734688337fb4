// What a lead receives from an e-mail step, for the editor's preview: the content the executor
// sends (renderEmailContent: placeholders with fallbacks, both bodies, the mailbox's signature) and a
// follow-up's "Re:" subject (replySubject, the executor's own), in the version of the copy's spintax
// the lead gets (the executor's seed), or another one the editor asks for.
import { replySubject } from "@/server/domain/sequence/decide-email-step";
import { renderEmailContent } from "@/server/domain/mail/email-content";
import { copySeed, fieldSeed, versionOf, VERSION_CAP, type CopySpin } from "@/server/domain/sequence/spintax";
import { renderCopy, type MergeFields } from "@/server/domain/sequence/render-copy";
import type { TCampaignLead } from "@/server/schemas/campaign";
import type { TVariantContent } from "@/server/schemas/sequence";

/** A made-up lead whose every field has a value, for a campaign without leads yet. */
export const SAMPLE_LEAD: MergeFields = {
  firstName: "Ada",
  lastName: "Lovelace",
  company: "Analytical Engines",
  headline: "Head of Engineering at Analytical Engines",
  jobTitle: "Head of Engineering",
  location: "London",
  email: "ada@analytical-engines.example",
};

/** A campaign lead's values as placeholders read them (its custom variables included). */
export function mergeFieldsOf(lead: Pick<TCampaignLead, "firstName" | "lastName" | "company" | "headline" | "email" | "customVariables">): MergeFields {
  return { ...lead.customVariables, firstName: lead.firstName, lastName: lead.lastName, company: lead.company, headline: lead.headline, email: lead.email };
}

export interface EmailPreview {
  subject: string;
  /** The plain body with the signature, as the text part goes out. */
  text: string;
  /** The HTML body with the signature, when the step has one. */
  html: string | null;
  /** Placeholders without a value for this lead (a fallback may stand in). */
  missing: string[];
  /** Placeholders this lead would get empty: no value and no fallback. */
  blank: string[];
  /** The fallback copy replaced the body (or the subject) for this lead. */
  usedFallback: boolean;
  /** Which version of the spintax this is (from 0) and how many the e-mail has; null past VERSION_CAP. */
  version: { rank: number; count: number } | null;
}

/** The version of the subject (when it is the e-mail's own) and body together: mixed radix over the two. */
function emailVersion(variant: Omit<TVariantContent, "id">, ownSubject: boolean, seed: string): EmailPreview["version"] {
  const body = variant.html?.trim() ? variant.html : (variant.text ?? "");
  const parts = [ownSubject ? versionOf(variant.subject ?? "", fieldSeed(seed, "subject")) : { rank: 0, count: 1 }, versionOf(body, fieldSeed(seed, "body"))];
  let rank = 0;
  let count = 1;
  for (const part of parts) {
    if (!part) return null;
    rank = rank * part.count + part.rank;
    count *= part.count;
  }
  return count > VERSION_CAP ? null : { rank, count };
}

export function previewEmail(input: {
  variant: Omit<TVariantContent, "id">;
  fields: MergeFields;
  signature: string | null;
  /** The subject of the lead's first e-mail when this one is sent in its thread, else null. */
  threadSubject: string | null;
  /** The lead's seed (copySeed), or another one for another version. */
  seed: string;
}): EmailPreview {
  const content = renderEmailContent({
    variant: input.variant,
    fields: input.fields,
    signature: input.signature,
    threadSubject: input.threadSubject !== null ? replySubject(input.threadSubject) : null,
    spin: { seed: input.seed } satisfies CopySpin,
  });
  return {
    subject: content.subject,
    text: content.text,
    html: content.htmlGiven ? content.html : null,
    missing: content.missing,
    blank: content.blank,
    usedFallback: content.usedFallback,
    version: emailVersion(input.variant, input.threadSubject === null, input.seed),
  };
}

/** The e-mail a follow-up answers in its thread: variant A's copy, with the step and variant (for its seed). */
export type ThreadOf = Omit<TVariantContent, "id"> & { stepId: string; variantId: string };

/**
 * What one lead gets from a step's variant, as the executor seeds it (copySeed of the campaign
 * lead, the step and the variant; `leadKey` "sample" for the sample lead), or with `shift` above 0
 * another version of the copy. A follow-up's thread subject is the first e-mail's in the version
 * that lead got.
 */
export function previewForLead(input: {
  stepId: string;
  variant: TVariantContent;
  threadOf: ThreadOf | null;
  leadKey: string;
  fields: MergeFields;
  signature: string | null;
  shift: number;
}): EmailPreview {
  const { threadOf, leadKey, fields } = input;
  const seed = copySeed(leadKey, input.stepId, input.variant.id ?? "a");
  const threadSubject = threadOf
    ? renderCopy(threadOf.subject, threadOf.fallbackSubject, fields, fieldSeed(copySeed(leadKey, threadOf.stepId, threadOf.variantId), "subject")).text
    : null;
  return previewEmail({ variant: input.variant, fields, signature: input.signature, threadSubject, seed: input.shift ? `${seed}~${input.shift}` : seed });
}

/** How many seeds "See another version" tries for a version other than the one shown. */
const TRIES = 32;

/** The next shift whose version differs from the one `shift` shows (the next one when none in TRIES does). */
export function anotherVersionShift(render: (shift: number) => EmailPreview, shift: number): number {
  const shown = render(shift).version;
  if (!shown) return shift + 1;
  for (let next = shift + 1; next <= shift + TRIES; next++) if (render(next).version?.rank !== shown.rank) return next;
  return shift + 1;
}

/** "Version 3 of 36", "One of more than 10,000 versions". */
export function versionWords(version: EmailPreview["version"]): string {
  return version ? `Version ${version.rank + 1} of ${version.count.toLocaleString("en")}` : `One of more than ${VERSION_CAP.toLocaleString("en")} versions`;
}
