// The sequence of a campaign: a tree of steps with yes/no branches and delays. One schema for the
// API (POST/PATCH /campaigns), tRPC, OpenAPI and the sequence editor.
import { z } from "zod";
import { additionsNote, SPEC_ADDITIONS } from "./spec-additions";
import { webUrl } from "./web-url";
import { AUDIO_MIME_TYPES, AUDIO_TYPES_IN_WORDS, UPLOAD_MIME_TYPES, UPLOAD_TYPES_IN_WORDS, zMediaType } from "./media-types";

/**
 * Step kinds. Beyond the spec's six named kinds: `comment_post` (an AI-drafted comment on the
 * lead's latest post), `ai_voice_note` (a voice note generated from a script), `voice_note` (a
 * recorded voice note) and `email` (an e-mail from the campaign's mailboxes); and conditions on what
 * Herald knows of the lead, for sequences across both channels: `if_has_email` (the lead has an
 * e-mail address), `if_has_linkedin` (a LinkedIn profile) and `if_has_variable` (a custom variable,
 * named in `config.variable`, has a value); and conditions on what the lead did with the campaign's
 * e-mails, which wait for it: `if_email_opened` and `if_email_clicked` (yes as soon as it happens,
 * no when `config.windowHours` after the e-mail was sent have passed without it); and `find_email`,
 * which looks an address up for a lead without one (the company database's people, or another
 * finder) and branches on whether it has one; `like_post` (likes the lead's latest recent post,
 * skipped when there is none) and `follow` (follows the lead; already followed counts as done),
 * which need no connection; and `task`, a manual task (a call, a message sent from a phone,
 * anything described) that waits in the Tasks queue until a person marks it done or skipped,
 * then continues.
 */
export const STEP_TYPES = [
  "visit_profile",
  "invite",
  "message",
  "inmail",
  "if_connected",
  "if_open_profile",
  "comment_post",
  "ai_voice_note",
  "voice_note",
  "email",
  "if_has_email",
  "if_has_linkedin",
  "if_has_variable",
  "if_email_opened",
  "if_email_clicked",
  "find_email",
  "like_post",
  "follow",
  "task",
] as const;
export type StepType = (typeof STEP_TYPES)[number];

/**
 * Conditions on what the lead did with the campaign's e-mails (tracked opens and clicks): they wait
 * for it until their window after the e-mail closes (server/domain/sequence/decide-email-activity.ts).
 */
export const EMAIL_ACTIVITY_CONDITIONS: ReadonlySet<StepType> = new Set(["if_email_opened", "if_email_clicked"]);
/** Conditions on what Herald knows of the lead (its records, no LinkedIn call): allowed anywhere, below a connected branch too. */
export const LEAD_CONDITIONS: ReadonlySet<StepType> = new Set(["if_has_email", "if_has_linkedin", "if_has_variable", ...EMAIL_ACTIVITY_CONDITIONS]);
/** How long an e-mail activity condition waits after the e-mail, unless its config says otherwise. */
export const DEFAULT_ACTIVITY_WINDOW_HOURS = 72;
/**
 * Steps that use neither LinkedIn nor a mailbox, only Herald's records of the lead (and its e-mail
 * finder): the lead conditions, `find_email`, and `task` (a person's). Allowed anywhere; an e-mail-only campaign needs no sender for them.
 */
export const RECORD_STEPS: ReadonlySet<StepType> = new Set([...LEAD_CONDITIONS, "find_email", "task"]);
/** Steps with a real yes and no: invite (accepted / not accepted), the conditions, and find_email (found / not found). */
export const BRANCHING_STEPS: ReadonlySet<StepType> = new Set(["invite", "if_connected", "if_open_profile", ...LEAD_CONDITIONS, "find_email"]);
/** What a manual task asks of a person: a call, a message sent from their phone, or anything they describe. */
export const TASK_KINDS = ["call", "phone_message", "custom"] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const TASK_KIND_LABELS: Record<TaskKind, string> = { call: "Call", phone_message: "Send from your phone", custom: "Custom task" };
/** How long a person has for a manual task before it shows as overdue, unless its config says otherwise. */
export const DEFAULT_TASK_DUE_HOURS = 24;

/** Steps a reply answers: their yes (replied) ends the sequence, so they continue on `no`. */
export const REPLY_STEPS: ReadonlySet<StepType> = new Set(["message", "inmail", "ai_voice_note", "voice_note", "email"]);
/** Steps that cannot sit below a connected branch (the yes of invite or of if_connected). */
export const NOT_BELOW_CONNECTED: ReadonlySet<StepType> = new Set(["invite", "inmail", "if_connected", "if_open_profile"]);
/** Steps sent as LinkedIn messages, which reach only a connection (the executor fails them otherwise). */
export const NEEDS_CONNECTION: ReadonlySet<StepType> = new Set(["message", "ai_voice_note", "voice_note"]);
/** Steps whose content is drafted first (an AI comment, a spoken or copied voice note) and may wait for a person's approval. */
export const DRAFTED_STEPS: ReadonlySet<StepType> = new Set(["comment_post", "ai_voice_note", "voice_note"]);

export const STEP_LABELS: Record<StepType, string> = {
  visit_profile: "Visit profile",
  invite: "Connection request",
  message: "Message",
  inmail: "InMail",
  if_connected: "If connected",
  if_open_profile: "If open profile",
  comment_post: "Comment on post",
  ai_voice_note: "AI voice note",
  voice_note: "Recorded voice note",
  email: "E-mail",
  if_has_email: "If has e-mail address",
  if_has_linkedin: "If has LinkedIn profile",
  if_has_variable: "If variable is set",
  if_email_opened: "If e-mail opened",
  if_email_clicked: "If link clicked",
  find_email: "Find e-mail address",
  like_post: "Like latest post",
  follow: "Follow",
  task: "Manual task",
};

/** What yes and no mean after each branching or reply step (for the editor's edge labels). */
export const BRANCH_MEANING: Partial<Record<StepType, { yes: string; no: string }>> = {
  invite: { yes: "Accepted", no: "Not accepted" },
  if_connected: { yes: "Connected", no: "Not connected" },
  if_open_profile: { yes: "Open profile", no: "Not open" },
  message: { yes: "Replied", no: "No reply" },
  inmail: { yes: "Replied", no: "No reply" },
  ai_voice_note: { yes: "Replied", no: "No reply" },
  voice_note: { yes: "Replied", no: "No reply" },
  email: { yes: "Replied", no: "No reply" },
  if_has_email: { yes: "Has an address", no: "No address" },
  if_has_linkedin: { yes: "Has a profile", no: "No profile" },
  if_has_variable: { yes: "Set", no: "Not set" },
  if_email_opened: { yes: "Opened", no: "Not opened" },
  if_email_clicked: { yes: "Clicked", no: "Not clicked" },
  find_email: { yes: "Found", no: "Not found" },
};

export const NOTE_MAX = 300;

/** What an InMail step does when it cannot be sent, unless its config says otherwise (spec). */
export const WHEN_UNABLE = ["auto", "pause", "skip"] as const;
export const DEFAULT_WHEN_UNABLE = "auto" satisfies (typeof WHEN_UNABLE)[number];

/**
 * What an e-mail step does for a lead when a placeholder would be left empty (no value for the lead,
 * no inline fallback like {{company|your team}}, no fallback copy): send it anyway, skip the step
 * (the lead moves on by its no-reply branch) or hold the lead (paused, with the reason, until it is
 * resumed). server/domain/sequence/decide-email-step.ts applies it, for the executor and the forecast.
 */
export const WHEN_VALUE_MISSING = ["send", "skip", "hold"] as const;
export type WhenValueMissing = (typeof WHEN_VALUE_MISSING)[number];
export const DEFAULT_WHEN_VALUE_MISSING = "send" satisfies WhenValueMissing;

const ZFileId = z.string().trim().min(1, "is required").max(60).meta({ description: "An uploaded file's id (POST /files)", example: "fil_8c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f" });
const ZFileUrl = webUrl({ example: "https://example.com/deck.pdf" });

/** A step's file comes from a URL Herald fetches when sending, or from an upload: exactly one of the two. */
function oneSource(value: { url?: string; fileId?: string }, context: z.core.$RefinementCtx) {
  if (value.url !== undefined && value.fileId !== undefined) {
    context.addIssue({ code: "custom", path: ["fileId"], message: "give either url or fileId, not both" });
  } else if (value.url === undefined && value.fileId === undefined) {
    context.addIssue({ code: "custom", path: ["url"], message: "is required, or fileId (an uploaded file)" });
  }
}

export const ZAttachment = z
  .object({
    name: z.string().trim().min(1).max(200),
    url: ZFileUrl.optional().meta({ description: "Where Herald fetches the file when it sends (at most 10 MB and 3 redirects, from a public address unless the installation sets HERALD_ALLOW_PRIVATE_FILE_URLS); or give `fileId`" }),
    fileId: ZFileId.optional().meta({ description: "An uploaded file of the workspace (POST /files); or give `url`" }),
    mimeType: zMediaType(UPLOAD_MIME_TYPES, UPLOAD_TYPES_IN_WORDS)
      .optional()
      .meta({ description: "The attachment's type, as for an upload (POST /files); when left out, the uploaded file's or the URL's answer" }),
  })
  .superRefine(oneSource)
  .meta({ id: "Attachment", description: "A file Herald attaches: fetched from `url` when sending, or an uploaded file named by `fileId` (exactly one of the two)" });

export const ZVoice = z
  .object({
    url: ZFileUrl.optional().meta({ description: "Where Herald fetches the audio when it sends (at most 10 MB and 3 redirects, from a public address unless the installation sets HERALD_ALLOW_PRIVATE_FILE_URLS); or give `fileId`" }),
    fileId: ZFileId.optional().meta({ description: "An uploaded audio file of the workspace (POST /files); or give `url`" }),
    mimeType: zMediaType(AUDIO_MIME_TYPES, AUDIO_TYPES_IN_WORDS)
      .optional()
      .meta({ description: `The recording's type: ${AUDIO_TYPES_IN_WORDS}; when left out, the uploaded file's or the URL's answer` }),
    durationMs: z.number().int().min(1).max(300_000).optional(),
  })
  .superRefine(oneSource)
  .meta({ id: "VoiceRecording", description: "A recorded audio file sent as a voice note: fetched from `url`, or an uploaded file named by `fileId` (exactly one of the two)" });
export type TVoice = z.infer<typeof ZVoice>;

/** The longest HTML body an e-mail step may carry. */
export const EMAIL_HTML_MAX = 100_000;

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
/**
 * Spintax, in every copy field (server/domain/sequence/spintax.ts): each lead gets one alternative of
 * each choice, fixed per lead, step, variant and field. Broken braces are a 400 naming the character.
 */
export const SPINTAX_NOTE =
  "Spintax: `{Hi|Hello|Hey}` sends one alternative per lead (the same one on every retry and in the forecast); choices nest (`{Hi|{Hello|Hey} there}`), may be empty (`{|really }`), and `\\{`, `\\}`, `\\|`, `\\\\` write the character itself. Double braces stay placeholders; braces without a pipe stay as written";
/** A whole-copy fallback field: kept beside the inline fallbacks, for copy worded differently without a value. */
const fallbackCopy = (max: number, of: string) =>
  text(max)
    .optional()
    .meta({ description: `Used instead of the whole \`${of}\` for a lead when one of its placeholders without an inline fallback (\`{{company|your team}}\`) has no value. ${SPINTAX_NOTE}` });

/**
 * The content fields of each kind, for one variant. Text fields may use placeholders, `{{firstName}}`,
 * with an inline fallback after a pipe, `{{company|your team}}` (server/domain/sequence/render-copy.ts).
 */
export const ZVariantContent = z.object({
  id: z.string().trim().min(1).max(40).optional().meta({ description: "Stable variant id; assigned when omitted" }),
  text: text(8000).optional().meta({ description: `message, inmail, email: the body; task: what the person should do. Placeholders: \`{{firstName}}\`, or with an inline fallback \`{{company|your team}}\`. ${SPINTAX_NOTE}` }),
  fallbackText: fallbackCopy(8000, "text"),
  note: text(NOTE_MAX).optional().meta({ description: `invite: the connection note (sent by premium senders). Placeholders as in \`text\`. ${SPINTAX_NOTE}` }),
  fallbackNote: fallbackCopy(NOTE_MAX, "note"),
  subject: text(200)
    .optional()
    .meta({ description: `inmail, email: the subject. An e-mail follow-up sent in the thread of the lead's first e-mail goes out as "Re: " of that e-mail's subject and needs none; one it has is used only when the lead got no earlier e-mail. ${SPINTAX_NOTE}` }),
  fallbackSubject: fallbackCopy(200, "subject"),
  html: text(EMAIL_HTML_MAX).optional().meta({ description: `email: the HTML body (optional; the plain body \`text\` is derived from it when omitted, and it from \`text\` otherwise). ${SPINTAX_NOTE}; the text and HTML bodies share their seed, so choices written alike in both pick alike` }),
  script: text(2000).optional().meta({ description: `ai_voice_note: what the voice says. Placeholders as in \`text\`. ${SPINTAX_NOTE}` }),
  fallbackScript: fallbackCopy(2000, "script"),
  prompt: text(2000).optional().meta({ description: `comment_post: the instructions for the AI-drafted comment. ${SPINTAX_NOTE}` }),
  attachments: z.array(ZAttachment).max(5, "at most 5 attachments").optional(),
  voice: ZVoice.optional(),
});
export type TVariantContent = z.infer<typeof ZVariantContent>;

/** At most this many AI lines a step may declare. */
export const AI_VARIABLES_MAX = 5;
/** An AI line's name as `{{ai.name}}` writes it. */
export const AI_VARIABLE_NAME = /^[a-z][a-zA-Z0-9_]{0,31}$/;
/** Whether a step's AI lines wait for a person's approval before the step uses them. */
export const AI_APPROVAL = ["none", "required"] as const;

/** One line written for each lead by the AI text provider (server/domain/sequence/ai-lines.ts); copy uses it as `{{ai.name}}`. */
export const ZAiVariable = z
  .object({
    name: z
      .string()
      .trim()
      .regex(AI_VARIABLE_NAME, "must start with a small letter and use only letters, digits and _ (at most 32), as in {{ai.icebreaker}}")
      .meta({ description: "The line's name; the copy uses it as `{{ai.<name>}}`", example: "icebreaker" }),
    prompt: z.string().trim().min(1, "is required: what the line should say").max(1000, "must be at most 1000 characters").meta({
      description: "What the line should say, for the model: it writes one line from the lead's profile (name, headline, job title, company, location) and latest post",
      example: "One friendly line about their latest post",
    }),
    maxLength: z.number().int("must be a whole number").min(20, "must be at least 20 characters").max(1000, "must be at most 1000 characters").optional().meta({ default: 300, description: "The longest line, in characters (default 300)" }),
  })
  .meta({ id: "AiVariable" });
export type TAiVariable = z.infer<typeof ZAiVariable>;

export const ZStepConfig = ZVariantContent.omit({ id: true }).extend({
  withdrawEnabled: z.boolean().optional().meta({ description: "invite: withdraw the invitation when it is not accepted in time" }),
  withdrawDays: z.number().int().min(1).max(90).optional().meta({ default: 14, description: "invite: days to wait for acceptance before withdrawing (default 14)" }),
  whenUnable: z.enum(WHEN_UNABLE).optional().meta({
    default: DEFAULT_WHEN_UNABLE,
    description:
      "inmail: when the InMail cannot be sent (no credits and not an open profile): `auto` pauses the sender when it is out of credits and otherwise continues on the no-reply branch; `pause` always pauses the sender; `skip` always continues. Default auto.",
  }),
  newThread: z
    .boolean()
    .optional()
    .meta({ description: "email: start a new thread with this e-mail instead of replying in the thread of the lead's first e-mail of the campaign (default false)" }),
  whenValueMissing: z.enum(WHEN_VALUE_MISSING).optional().meta({
    default: DEFAULT_WHEN_VALUE_MISSING,
    description:
      "email: when a placeholder would be left empty for a lead (the lead has no value, the placeholder no inline fallback such as `{{company|your team}}`, and the step no fallback copy): `send` sends it with the value left out; `skip` skips the step for that lead, which moves on by its no-reply branch; `hold` pauses the lead at the step with the reason in its `error` until it is resumed. Default send.",
  }),
  variable: z
    .string()
    .trim()
    .min(1, "is required")
    .max(60, "must be at most 60 characters")
    .optional()
    .meta({ description: "if_has_variable: the name of the custom variable (as in `{{name}}`) whose value decides: `yes` when the lead has a non-blank value", example: "phone" }),
  windowHours: z
    .number()
    .int("must be a whole number of hours")
    .min(1, "must be at least 1 hour")
    .max(720, "must be at most 720 hours (30 days)")
    .optional()
    .meta({
      default: DEFAULT_ACTIVITY_WINDOW_HOURS,
      description:
        "if_email_opened, if_email_clicked: how many hours after the e-mail was sent the lead has to open it (or click a link in it): `yes` as soon as that happens, `no` once the window has closed without it (default 72). A lead that reaches the condition later than that is decided at once on what it did within the window",
    }),
  emailStepId: z
    .string()
    .trim()
    .min(1, "is required")
    .max(40)
    .optional()
    .meta({
      description:
        "if_email_opened, if_email_clicked: the id of the e-mail step above the condition whose e-mail counts; when left out, any of the campaign's e-mails to the lead counts, and the window runs from the latest one",
      example: "st_1a2b3c4d",
    }),
  taskKind: z
    .enum(TASK_KINDS, { message: `must be one of ${TASK_KINDS.join(", ")}` })
    .optional()
    .meta({ default: "custom", description: "task: what the person does: `call` the lead, send a message from their `phone_message` (phone), or a `custom` task described in `text` (default custom)" }),
  dueHours: z
    .number()
    .int("must be a whole number of hours")
    .min(1, "must be at least 1 hour")
    .max(720, "must be at most 720 hours (30 days)")
    .optional()
    .meta({ default: DEFAULT_TASK_DUE_HOURS, description: "task: hours the person has to do it once the lead reaches it; later, the task shows as overdue and keeps waiting (default 24)" }),
  aiVariables: z
    .array(ZAiVariable)
    .max(AI_VARIABLES_MAX, `at most ${AI_VARIABLES_MAX} AI lines per step`)
    .superRefine((list, context) => {
      const seen = new Set<string>();
      list.forEach((variable, index) => {
        if (seen.has(variable.name)) context.addIssue({ code: "custom", path: [index, "name"], message: `is used twice: each AI line of a step needs its own name` });
        seen.add(variable.name);
      });
    })
    .optional()
    .meta({
      description:
        "email, message, invite, inmail: lines the AI text provider writes for each lead (its profile, latest post and company), used in the copy as `{{ai.<name>}}` or with an inline fallback `{{ai.<name>|…}}`. Each generated line costs one AI credit and is kept per lead: a changed prompt writes a new one. A lead whose line cannot be written (no facts, the provider failing, no credits, rejected) takes the inline fallback, else the step's fallback copy",
    }),
  aiApproval: z
    .enum(AI_APPROVAL, { message: `must be one of ${AI_APPROVAL.join(", ")}` })
    .optional()
    .meta({ default: "none", description: "With `required`, each lead's AI lines wait in the approvals queue and the step waits until they are approved (a rejected line takes the fallback). Default none" }),
  voiceAssignments: z
    .array(z.object({ linkedinAccountId: z.string(), voice: ZVoice }))
    .optional()
    .meta({ description: "voice_note: a recording per sender; each `linkedinAccountId` must name a sender of the workspace (400 naming the field otherwise)" }),
  variants: z.array(ZVariantContent).max(5, "at most 5 variants").optional().meta({ description: "A/B variants; variant A is element 0" }),
  promotedVariantId: z
    .string()
    .trim()
    .min(1, "is required")
    .max(40)
    .nullable()
    .optional()
    .meta({
      description:
        "The id of the variant an experiment promoted (by the campaign's auto-promotion, or set here): every lead that reaches the step from then on gets it, while leads already past the step keep theirs. Must name one of the step's variants; null or omitted: leads are split evenly between the variants",
    }),
});
export type TStepConfig = z.infer<typeof ZStepConfig>;

const STEP_TYPE_DESCRIPTION = `The step's kind. ${additionsNote(SPEC_ADDITIONS.stepType)}`;
const NEXT_DELAY_DESCRIPTION =
  "Hours before the next step (default 0). After a message-like step (message, inmail, voice notes, email): how long to wait for a reply before the no-reply branch (default 72; `branchDelays.no`, when set, wins). Not used by invite, conditions and find_email, which use branchDelays. Responses show the value applied.";
const BRANCH_DELAYS_DESCRIPTION =
  "Hours per branch. invite: `yes` after acceptance (default 0); `no` how long to wait for acceptance (default withdrawDays × 24, else 14 days: a response shows the applied value, so when you change withdrawDays send `no` again or leave it out). Conditions (if_connected, if_open_profile, if_has_email, if_has_linkedin, if_has_variable, if_email_opened, if_email_clicked) and find_email: `yes` and `no` (default 0; an e-mail activity condition's own wait is `config.windowHours`). Message-like steps: `no`, when set, is the reply window and wins over nextDelayHours (responses show that window in nextDelayHours and leave branchDelays as sent). Responses show the values applied.";

export const ZSequenceStep = z
  .object({
    id: z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9_-]+$/, "may use letters, digits, _ and -").optional(),
    type: z.enum(STEP_TYPES, { message: `must be one of ${STEP_TYPES.join(", ")}` }).meta({ description: STEP_TYPE_DESCRIPTION }),
    parent: z.string().trim().min(1).nullable().optional().meta({ description: "Id of the parent step; null or omitted for the first step" }),
    branch: z.enum(["yes", "no"]).nullable().optional().meta({ description: "Which branch of the parent: yes or no; null or omitted where the parent has a single next step" }),
    config: ZStepConfig.default({}),
    nextDelayHours: z.number().int().min(0).max(8760).optional().meta({ default: 0, description: NEXT_DELAY_DESCRIPTION }),
    branchDelays: z
      .object({ yes: z.number().int().min(0).max(8760).optional().meta({ default: 0 }), no: z.number().int().min(0).max(8760).optional() })
      .optional()
      .meta({ description: BRANCH_DELAYS_DESCRIPTION }),
  })
  .meta({ id: "SequenceStep" });
export type TSequenceStepInput = z.input<typeof ZSequenceStep>;

export const ZSequence = z.object({ steps: z.array(ZSequenceStep).max(500, "at most 500 steps") }).meta({ id: "Sequence" });
export type TSequenceInput = z.input<typeof ZSequence>;

/**
 * A step after wiring: every id, parent and branch known, variants with ids. The API shows it with
 * the defaults the executor applies written out (server/domain/sequence/applied-defaults.ts).
 */
export const ZWiredStep = z.object({
  id: z.string(),
  type: z.enum(STEP_TYPES).meta({ description: STEP_TYPE_DESCRIPTION }),
  parent: z.string().nullable(),
  branch: z.enum(["yes", "no"]).nullable(),
  config: ZStepConfig.omit({ variants: true }).extend({ variants: z.array(ZVariantContent.extend({ id: z.string() })) }),
  nextDelayHours: z.number().optional().meta({
    description: `${NEXT_DELAY_DESCRIPTION} Present on every step but invite and conditions (there only when sent).`,
  }),
  branchDelays: z
    .object({ yes: z.number().optional(), no: z.number().optional() })
    .optional()
    .meta({ description: `${BRANCH_DELAYS_DESCRIPTION} Present on invite, conditions (yes and no) and message-like steps (no); on others only when sent.` }),
});
export type WiredStep = z.infer<typeof ZWiredStep>;

/** The wired tree, as a campaign stores and shows it. */
export const ZWiredSequence = z
  .object({ steps: z.array(ZWiredStep) })
  .meta({ description: "The wired tree: every step with id, parent, branch and config.variants (with ids)" });
export type WiredSequence = z.infer<typeof ZWiredSequence>;
