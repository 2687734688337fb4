// How the editor presents each step kind: a one-line description for the add-step menu, and the
// order kinds are offered in.
import type { StepType } from "@/server/schemas/sequence";

export const STEP_DESCRIPTIONS: Record<StepType, string> = {
  visit_profile: "View the lead’s profile; they see the visit.",
  invite: "Send a connection request, with an optional note. Branches on accepted or not.",
  message: "Send a LinkedIn message to a connection. A reply ends the sequence.",
  inmail: "Send an InMail to someone you are not connected to. A reply ends the sequence.",
  if_connected: "Branch on whether the lead is already a connection.",
  if_open_profile: "Branch on whether the lead has an open profile (free InMails).",
  comment_post: "Comment on the lead’s latest post with an AI draft; skipped when they have not posted lately.",
  ai_voice_note: "Send a voice note spoken from a script in the sender’s voice, to a connection. A reply ends the sequence.",
  voice_note: "Send a recorded voice note to a connection. A reply ends the sequence.",
  email: "Send an e-mail from the campaign’s mailboxes. A reply ends the sequence.",
  if_has_email: "Branch on whether the lead has an e-mail address, e.g. to e-mail those who have one and invite the rest.",
  if_has_linkedin: "Branch on whether the lead has a LinkedIn profile, e.g. for leads added by e-mail alone.",
  if_has_variable: "Branch on whether one of the lead’s custom variables has a value, such as a phone number.",
  if_email_opened: "Wait for the lead to open the campaign’s e-mail: yes as soon as they do, no when the window closes. Needs open tracking.",
  if_email_clicked: "Wait for the lead to click a link in the campaign’s e-mail: yes as soon as they do, no when the window closes. Needs click tracking.",
  find_email: "Looks the lead up in the company database; 1 AI credit per address found. Branches on found (or already had one) or not.",
  like_post: "Like the lead’s latest post; skipped when they have not posted lately. Needs no connection.",
  follow: "Follow the lead, so your posts reach their feed; already following counts as done. Needs no connection.",
  task: "A task for a person — a call, a message from your phone, anything you describe. It waits in Tasks until marked done or skipped.",
};

/** Kinds in the order the menu offers them (kinds.test.ts checks every kind is listed). */
export const MENU_ORDER: readonly StepType[] = [
  "visit_profile",
  "invite",
  "message",
  "inmail",
  "if_connected",
  "if_open_profile",
  "email",
  "find_email",
  "if_has_email",
  "if_has_linkedin",
  "if_has_variable",
  "if_email_opened",
  "if_email_clicked",
  "comment_post",
  "like_post",
  "follow",
  "task",
  "ai_voice_note",
  "voice_note",
];

/** The branching glyph every condition shares. */
const BRANCH_GLYPH = "M6 3v12M18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm12-12a9 9 0 0 1-9 9";

/** A short glyph per kind for the node header (decorative; the label carries the meaning). */
export const STEP_GLYPHS: Record<StepType, string> = {
  visit_profile: "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z",
  invite: "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm10-3v6m3-3h-6",
  message: "M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Z",
  inmail: "M4 4h16v16H4zM4 7l8 6 8-6",
  if_connected: BRANCH_GLYPH,
  if_open_profile: BRANCH_GLYPH,
  comment_post: "M7 8h10M7 12h6m-9 8 3-3h11a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v14Z",
  ai_voice_note: "M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3Zm7 10a7 7 0 0 1-14 0m7 7v3",
  voice_note: "M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3Zm7 10a7 7 0 0 1-14 0m7 7v3",
  email: "M3 7l9 6 9-6M3 7v10h18V7H3Z",
  if_has_email: BRANCH_GLYPH,
  if_has_linkedin: BRANCH_GLYPH,
  if_has_variable: BRANCH_GLYPH,
  if_email_opened: "M3 7l9 6 9-6M3 7v10h18V7H3Zm13 8 2 2 4-4",
  if_email_clicked: "M9 9l10 4-4 2-2 4-4-10ZM3 3l3 3m0-3v3H3",
  find_email: "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm10 2-4.35-4.35M7 9l4 3 4-3",
  like_post: "M7 10v11M2 10h5v11H2zm5 0 4-8a3 3 0 0 1 3 3v4h6a2 2 0 0 1 2 2l-2 8a2 2 0 0 1-2 2H7",
  follow: "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm8-1 2 2 4-4",
  task: "M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9",
};

/**
 * What happens to a drafted step's output before it goes out, shown in its panel: drafts wait in
 * the Approvals queue when the campaign's Settings say so.
 */
export const APPROVAL_NOTES: Partial<Record<StepType, string>> = {
  comment_post:
    "Herald reads the lead’s most recent post and the AI drafts a comment from these instructions (1 AI credit per draft). The draft waits in Approvals unless the campaign’s Settings turn approval of comments off. No recent post: the step is skipped.",
  ai_voice_note:
    "The script is spoken in the sender’s chosen voice (2 AI credits per note) and sent as a LinkedIn voice message. The audio waits in Approvals unless the campaign’s Settings turn approval of AI voice notes off.",
  voice_note:
    "The recording is sent as it is, unless the campaign’s Settings ask for approval of recorded voice notes; then it waits in Approvals first.",
};
