import { DEFAULT_UNSUBSCRIBE_TEXT } from "../../../schemas/campaign";
import { z } from "zod";

export const ZCampaignIdParams = z.object({
  id: z.string().min(1).meta({ description: "Campaign id", example: "cmp_1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e" }),
});

export const ZCampaignStepParams = ZCampaignIdParams.extend({
  stepId: z.string().min(1).meta({ description: "Step id, from the campaign detail", example: "st_9a8b7c6d" }),
});

export const ZCampaignLeadParams = ZCampaignIdParams.extend({
  leadId: z.string().min(1).meta({
    description: "The lead's id (`led_…`) or its campaign lead id (`cld_…`, as in events)",
    example: "led_1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e",
  }),
});

export const SEQUENCE_RULES = [
  "Sequence wiring: when `id`, `parent` and `branch` are omitted on every step, steps form a linear chain in array order, each attached to the previous step's natural continuation (`yes` after `invite`, `if_connected` and `if_open_profile`; `no` after a message-like step, since a reply ends the sequence; otherwise the single next step). To build a tree give each step an `id` and set `parent` and `branch`.",
  "Below a connected branch (the `yes` of `invite` or `if_connected`) `invite`, `inmail`, `if_connected` and `if_open_profile` cannot sit.",
  "Step kinds: `visit_profile`, `invite` (note, fallbackNote ≤ 300 characters, withdrawEnabled, withdrawDays), `message` (text, fallbackText, attachments, voice), `inmail` (subject, fallbackSubject, text, fallbackText, attachments, whenUnable `auto` | `pause` | `skip`), `if_connected`, `if_open_profile`, and beyond the spec's six: `comment_post` (prompt: the sender reads the lead's most recent post and an AI model drafts a comment on it, spending AI credits; no recent post skips the step), `ai_voice_note` (script, fallbackScript: spoken per lead by a text-to-speech provider in the sender's voice, spending AI credits, and sent as a LinkedIn voice message; needs a connection), `voice_note` (a recorded `voice`, or the sender's own from `voiceAssignments`, sent as a voice message; needs a connection) and `email` (subject, text, optional html, and `newThread`: follow-ups thread onto the lead's first e-mail of the campaign unless it is true; sent from the lead's mailbox of `emailAccountIds`; a lead without an address or unsubscribed skips it). Comments and voice notes wait for approval (GET /pending-comments, GET /pending-voice-notes; events comment.pending, voice_note.pending) when the campaign's `approvals` asks for it: approved, they go out on the sender's next turn; a rejected comment skips its step, a rejected voice note takes the no-reply branch.",
  "A/B variants go in `config.variants` (variant A is element 0, and the flat copy fields must equal it); every variant gets a stable `id`. Text may use placeholders such as `{{firstName}}`, `{{lastName}}`, `{{company}}`, `{{headline}}`, `{{jobTitle}}`, `{{location}}`, `{{email}}` and custom variables; when one has no value the fallback copy is sent instead.",
  "Delays: `nextDelayHours` before the next step; after a message-like step it is how long to wait for a reply (default 72 h). After an invite, `branchDelays.yes` runs after acceptance and `branchDelays.no` is how long to wait for acceptance (default withdrawDays × 24 h, else 14 days). A withdrawal happens inside the campaign's schedule; those that fall due while it is closed are spread over the first two hours of the next window. Errors are 400 with `details.fields` naming each step and field (`sequence.steps.2.config.note`).",
].join("\n\n");

export const CAMPAIGN_STATUS_NOTE =
  "Status: `paused` (the default) and `draft` send nothing; `active` sends and needs at least one sender in `linkedinAccountIds` when the sequence has LinkedIn steps (every kind but `email`; an empty sequence counts as LinkedIn) and at least one mailbox in `emailAccountIds` when it has `email` steps (else 400 naming the empty pool); an e-mail-only campaign needs no sender. `draft` is for a campaign being designed: it can be forecast, and it cannot return to draft once a lead has started.\n\n" +
  `E-mail: \`emailAccountIds\` names mailboxes of the workspace (else 400 naming \`emailAccountIds.<index>\`; a mailbox named twice counts once). Each lead gets one as it is enrolled, the pool's least loaded, and keeps it once e-mailed so follow-ups thread there. \`tracking\` {\`opens\`, \`clicks\`: \`off\` | \`on\`} defaults to off. \`unsubscribe\` {\`enabled\`, \`text\`} defaults to on with the line "${DEFAULT_UNSUBSCRIBE_TEXT}": \`{{unsubscribe}}\` marks where the unsubscribe link goes (without it the whole line is the link), and while it is on every e-mail also carries List-Unsubscribe and one-click List-Unsubscribe-Post headers; an empty \`text\` while enabled is a 400. In a PATCH, \`tracking\` and \`unsubscribe\` keep the fields left out.`;
