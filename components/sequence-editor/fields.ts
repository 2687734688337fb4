// What the editor's form shows for each step kind: the copy fields of a variant, and which content
// a kind accepts. It mirrors FIELDS_OF in wire-sequence.ts; fields.test.ts checks the two agree.
import { EMAIL_HTML_MAX, NOTE_MAX, type StepType, type TVariantContent } from "@/server/schemas/sequence";

export const TEXT_FIELDS = ["text", "fallbackText", "html", "note", "fallbackNote", "subject", "fallbackSubject", "script", "fallbackScript", "prompt"] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const CONTENT_FIELDS = [...TEXT_FIELDS, "attachments", "voice"] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

export interface CopyFieldSpec {
  name: TextField;
  label: string;
  max: number;
  /** Shown as a live counter (the invitation note, whose limit LinkedIn enforces). */
  counter?: boolean;
  multiline: boolean;
  required?: boolean;
  hint?: string;
  /** Hidden behind a button with this label until it has a value (an optional field most steps leave out). */
  addLabel?: string;
  /** Code rather than prose: a monospaced, taller box. */
  code?: boolean;
}

const fallbackHint =
  "Replaces the whole copy for a lead when a placeholder without its own fallback has no value. For a single word, a fallback in the placeholder is simpler: {{company|your team}}.";

/** The copy fields of one variant, per kind, in form order. */
export const COPY_FIELDS: Record<StepType, CopyFieldSpec[]> = {
  visit_profile: [],
  invite: [
    { name: "note", label: "Invitation note", max: NOTE_MAX, counter: true, multiline: true, hint: "Optional. Only premium senders can add a note; others send the invitation without it." },
    { name: "fallbackNote", label: "Fallback note", max: NOTE_MAX, counter: true, multiline: true, hint: fallbackHint },
  ],
  message: [
    { name: "text", label: "Message", max: 8000, multiline: true, required: true },
    { name: "fallbackText", label: "Fallback message", max: 8000, multiline: true, hint: fallbackHint },
  ],
  inmail: [
    { name: "subject", label: "Subject", max: 200, multiline: false, required: true },
    { name: "fallbackSubject", label: "Fallback subject", max: 200, multiline: false, hint: fallbackHint },
    { name: "text", label: "Message", max: 8000, multiline: true, required: true },
    { name: "fallbackText", label: "Fallback message", max: 8000, multiline: true, hint: fallbackHint },
  ],
  if_connected: [],
  if_open_profile: [],
  if_has_email: [],
  if_has_linkedin: [],
  if_has_variable: [],
  if_email_opened: [],
  if_email_clicked: [],
  find_email: [],
  comment_post: [
    {
      name: "prompt",
      label: "Instructions for the AI comment",
      max: 2000,
      multiline: true,
      required: true,
      hint: "What the comment should do and sound like, e.g. “Pick up one concrete point of the post and add a short thought of your own; no pitch.” The AI also reads the post and the lead’s profile.",
    },
  ],
  ai_voice_note: [
    { name: "script", label: "Script", max: 2000, multiline: true, required: true, hint: "What the voice says, placeholders filled in per lead. About 150 words make a minute." },
    { name: "fallbackScript", label: "Fallback script", max: 2000, multiline: true, hint: fallbackHint },
  ],
  voice_note: [],
  like_post: [],
  follow: [],
  task: [
    {
      name: "text",
      label: "Instructions",
      max: 8000,
      multiline: true,
      required: true,
      hint: "What the person should do, shown in their Tasks queue with the lead, e.g. “Call {{firstName}} about the pilot; mention their post.” Placeholders are filled in for each lead.",
    },
    { name: "fallbackText", label: "Fallback instructions", max: 8000, multiline: true, hint: fallbackHint },
  ],
  email: [
    { name: "subject", label: "Subject", max: 200, multiline: false, required: true, hint: "Placeholders may carry a fallback: {{company|your team}}. A follow-up in this e-mail's thread is sent as “Re: ” of it." },
    { name: "fallbackSubject", label: "Fallback subject", max: 200, multiline: false, hint: fallbackHint },
    { name: "text", label: "Body", max: 8000, multiline: true, required: true, hint: "Plain text; a blank line starts a new paragraph. The mailbox's signature is added below." },
    { name: "fallbackText", label: "Fallback body", max: 8000, multiline: true, hint: fallbackHint },
    {
      name: "html",
      label: "HTML body",
      max: EMAIL_HTML_MAX,
      multiline: true,
      code: true,
      addLabel: "Add an HTML body",
      hint: "Sent as the e-mail's HTML instead of the plain body made into paragraphs; the plain body stays the text part. Leave empty for plain e-mails, which land in the inbox more often.",
    },
  ],
};

export const ATTACHMENT_KINDS: ReadonlySet<StepType> = new Set(["message", "inmail"]);
export const VOICE_KINDS: ReadonlySet<StepType> = new Set(["message", "voice_note"]);

/** Content fields each kind accepts (the form's fields, and a message's recorded voice). */
export function contentFieldsOf(type: StepType): ReadonlySet<ContentField> {
  const fields = new Set<ContentField>(COPY_FIELDS[type].map((field) => field.name));
  if (ATTACHMENT_KINDS.has(type)) fields.add("attachments");
  if (VOICE_KINDS.has(type)) fields.add("voice");
  return fields;
}

/** Whether a kind has copy that A/B variants can vary. */
export function hasCopy(type: StepType): boolean {
  return contentFieldsOf(type).size > 0;
}

/** The content of a variant, without its id and without empty values. */
export function contentOf(source: TVariantContent): Omit<TVariantContent, "id"> {
  const content: Record<string, unknown> = {};
  for (const field of CONTENT_FIELDS) {
    const value = source[field];
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    content[field] = value;
  }
  return content as Omit<TVariantContent, "id">;
}

/** Standard lead fields a placeholder can name, with the label the picker shows. */
export const LEAD_FIELDS: ReadonlyArray<{ name: string; label: string }> = [
  { name: "firstName", label: "First name" },
  { name: "lastName", label: "Last name" },
  { name: "company", label: "Company" },
  { name: "headline", label: "Headline" },
  { name: "jobTitle", label: "Job title" },
  { name: "location", label: "Location" },
  { name: "email", label: "E-mail" },
];
