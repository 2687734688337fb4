// What a lead receives from an e-mail step, for the editor's preview: the placeholders filled by the
// same rule the executor sends with (renderCopy, with the fallback copy when one has no value), a
// follow-up's "Re:" subject (replySubject, the executor's own), and the mailbox's signature below.
import { replySubject } from "@/server/domain/sequence/decide-email-step";
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

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

export interface EmailPreview {
  subject: string;
  /** The plain body with the signature, as the text part goes out. */
  text: string;
  /** The HTML body with the signature, when the step has one. */
  html: string | null;
  /** Placeholders without a value for this lead. */
  missing: string[];
  /** The fallback copy replaced the body (or the subject) for this lead. */
  usedFallback: boolean;
}

export function previewEmail(input: {
  variant: Omit<TVariantContent, "id">;
  fields: MergeFields;
  signature: string | null;
  /** The subject of the lead's first e-mail when this one is sent in its thread, else null. */
  threadSubject: string | null;
}): EmailPreview {
  const { variant, fields } = input;
  const subject = renderCopy(variant.subject, variant.fallbackSubject, fields);
  const text = renderCopy(variant.text, variant.fallbackText, fields);
  const escaped = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === "string" ? escapeHtml(value) : value]));
  const html = variant.html?.trim() ? renderCopy(variant.html, undefined, escaped) : null;
  const signature = input.signature?.trim() ?? "";
  // An HTML body whose placeholders lack values gives way to the fallback body, as a plain e-mail.
  const htmlGivesWay = Boolean(html?.missing.length && variant.fallbackText?.trim());
  const body = htmlGivesWay ? renderCopy(variant.fallbackText, undefined, fields).text : text.text;
  return {
    subject: input.threadSubject !== null ? replySubject(input.threadSubject) : subject.text,
    text: [body, signature].filter(Boolean).join("\n\n"),
    html: html && !htmlGivesWay ? `${html.text}${signature ? `\n<p>${escapeHtml(signature).replace(/\n/g, "<br>")}</p>` : ""}` : null,
    missing: [...new Set([...(input.threadSubject === null ? subject.missing : []), ...text.missing, ...(html?.missing ?? [])])],
    usedFallback: (input.threadSubject === null && subject.usedFallback) || text.usedFallback || htmlGivesWay,
  };
}
