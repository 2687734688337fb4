// The one line of copy a node shows: variant A's main text, or what the step does when it has none.
import type { StepType } from "@/server/schemas/sequence";
import type { EditorStep } from "./tree";
import { DEFAULT_ACTIVITY_WINDOW_HOURS } from "@/server/schemas/sequence";
import { windowInWords } from "@/server/domain/sequence/decide-email-activity";

const WITHOUT_COPY: Partial<Record<StepType, string>> = {
  visit_profile: "Views the lead’s profile",
  if_connected: "Checks whether the lead is a connection",
  if_open_profile: "Checks whether the lead has an open profile",
  if_has_email: "Checks whether the lead has an e-mail address",
  if_has_linkedin: "Checks whether the lead has a LinkedIn profile",
  find_email: "Looks up the lead’s e-mail address in the company database",
  like_post: "Likes the lead’s latest post",
  follow: "Follows the lead",
};

const EMPTY_COPY: Partial<Record<StepType, string>> = {
  invite: "No note: a plain invitation",
  message: "No message yet",
  inmail: "No InMail yet",
  email: "No e-mail yet",
  comment_post: "No instructions yet",
  ai_voice_note: "No script yet",
  voice_note: "No recording yet",
  task: "No instructions yet",
};

const MAX_PREVIEW = 140;

export interface CopyPreview {
  text: string;
  /** The step has no copy of its own yet (shown in a muted style). */
  empty: boolean;
}

export function copyPreview(step: EditorStep): CopyPreview {
  if (WITHOUT_COPY[step.type]) return { text: WITHOUT_COPY[step.type]!, empty: false };
  if (step.type === "if_email_opened" || step.type === "if_email_clicked") {
    const window = windowInWords(step.config.windowHours ?? DEFAULT_ACTIVITY_WINDOW_HOURS);
    const which = step.config.emailStepId ? "the chosen e-mail" : "the latest e-mail";
    return { text: `Waits up to ${window} after ${which} for ${step.type === "if_email_opened" ? "an open" : "a click"}`, empty: false };
  }
  if (step.type === "if_has_variable") {
    return step.config.variable ? { text: `Checks whether {{${step.config.variable}}} has a value`, empty: false } : { text: "No variable chosen yet", empty: true };
  }
  const variant = step.config.variants[0] ?? { id: "a" };
  const parts: string[] = [];
  if (variant.subject) parts.push(variant.subject);
  const main = variant.note ?? variant.text ?? variant.prompt ?? variant.script;
  if (main) parts.push(main);
  if (!parts.length && variant.voice) {
    const { url, durationMs } = variant.voice;
    parts.push(url ? `Recording: ${url.split("/").pop() || url}` : `Recording uploaded${durationMs ? ` (${Math.round(durationMs / 1000)} s)` : ""}`);
  }
  if (!parts.length && step.type === "voice_note" && step.config.voiceAssignments?.length) {
    parts.push(`${step.config.voiceAssignments.length} recordings, one per sender`);
  }
  if (!parts.length) return { text: EMPTY_COPY[step.type] ?? "", empty: true };
  const text = parts.join(" — ").replace(/\s+/g, " ").trim();
  return { text: text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW - 1)}…` : text, empty: false };
}
