// Everything that happened to a lead in a campaign, as one list in time order, from the records
// Herald keeps: the executor's journal, the sender actions, the LinkedIn messages, the campaign's
// e-mails to the lead (with their opens and clicks) and the status changes it announced. Pure: the service fetches the facts, this decides what a person reads.
import { BRANCH_MEANING, type StepType } from "../../schemas/sequence";
import type { TTimelineEvent } from "../../schemas/lead-timeline";

export interface TimelineFacts {
  campaignLead: { createdAt: Date; status: string; finishedAt: Date | null; invitationAcceptedAt: Date | null; error: string | null };
  /** "#3 Message" for a step id; the kind's name for a step no longer in the sequence. */
  stepName: (stepId: string, stepType: string) => string;
  journal: Array<{ stepId: string; stepType: string; status: string; outcome: string | null; detail: string | null; actionId: string | null; startedAt: Date; finishedAt: Date | null }>;
  actions: Array<{ id: string; type: string; source: string; status: string; sentAt: Date | null; acceptedAt: Date | null; withdrawnAt: Date | null; createdAt: Date; error: string | null; providerRef: string | null; senderName: string }>;
  messages: Array<{ direction: string; source: string; text: string; at: Date; providerMessageId: string; senderName: string }>;
  /** The campaign lead's e-mails (EmailMessage rows), oldest first. */
  emails: Array<{
    id: string;
    stepId: string | null;
    direction: string;
    status: string;
    /** inbound: reply | auto-reply | bounce | complaint (null on outbound e-mails). */
    kind: string | null;
    subject: string;
    text: string;
    mailboxName: string;
    threaded: boolean;
    sentAt: Date | null;
    createdAt: Date;
    openedAt: Date | null;
    clickedAt: Date | null;
    error: string | null;
    /** A bounce (hard | soft) or a spam complaint about an outbound e-mail, and what it said. */
    bouncedAt: Date | null;
    bounceKind: string | null;
    bounceMessage: string | null;
    complainedAt: Date | null;
  }>;
  statusChanges: Array<{ at: Date; newStatus: string }>;
  /** The lead's comment and voice note drafts (PendingComment, PendingVoiceNote rows); left out: none. */
  drafts?: Array<{ kind: "comment" | "voice_note"; stepId: string; stepType: string; status: string; createdAt: Date; decidedAt: Date | null; updatedAt: Date }>;
}

const ACTION_NAMES: Record<string, string> = {
  invitation: "Connection request",
  profile_view: "Profile visit",
  post_like: "Post like",
  message: "Message",
  inmail: "InMail",
  comment: "Comment",
  voice_note: "Voice note",
};

const STATUS_TITLES: Record<string, { title: string; tone: TTimelineEvent["tone"] }> = {
  paused: { title: "Paused", tone: "warning" },
  stopped: { title: "Stopped", tone: "neutral" },
  replied: { title: "Replied: the sequence ended", tone: "success" },
  done: { title: "Finished the sequence", tone: "success" },
  failed: { title: "Failed", tone: "error" },
};

function stepKind(type: string): TTimelineEvent["kind"] {
  if (type === "invite") return "invitation";
  if (type === "email") return "email";
  if (type === "message" || type === "inmail" || type === "voice_note" || type === "ai_voice_note") return "message";
  if (type === "visit_profile") return "visit";
  return "step";
}

function doneWord(type: string): string {
  if (type === "invite") return "invitation sent";
  if (type === "message" || type === "inmail" || type === "email") return "sent";
  if (type === "voice_note" || type === "ai_voice_note") return "voice note sent";
  if (type === "comment_post") return "comment posted";
  if (type === "visit_profile") return "profile visited";
  if (type.startsWith("if_")) return "checked";
  return "done";
}

const event = (at: Date, kind: TTimelineEvent["kind"], title: string, extra: Partial<Omit<TTimelineEvent, "at" | "kind" | "title">> = {}): TTimelineEvent => ({
  at: at.toISOString(),
  kind,
  title,
  detail: extra.detail ?? null,
  text: extra.text ?? null,
  tone: extra.tone ?? "neutral",
});

/** Subject, mailbox, and whether it went into the thread of the lead's first e-mail. */
function emailDetail(email: { subject: string; mailboxName: string; threaded: boolean }): string {
  return [`"${email.subject}"`, `From ${email.mailboxName}`, email.threaded && "In the same thread"].filter(Boolean).join(" · ");
}

/**
 * What arrived from the lead's side, by the kind the mail reader gave it: only a reply is the lead
 * answering. A bounce notice or a complaint comes from their mail system (the sent e-mail's own
 * "bounced" or "reported as spam" line says what it meant); an out-of-office is an automatic answer.
 */
const INBOUND_EMAIL_EVENTS: Record<string, { kind: TTimelineEvent["kind"]; title: string; tone: TTimelineEvent["tone"] }> = {
  reply: { kind: "reply", title: "Replied by e-mail", tone: "success" },
  "auto-reply": { kind: "email", title: "Automatic reply by e-mail", tone: "neutral" },
  bounce: { kind: "email", title: "Bounce notice from the lead's mail server", tone: "warning" },
  complaint: { kind: "email", title: "Spam complaint from the lead's mail provider", tone: "error" },
};

export function leadTimelineEvents(facts: TimelineFacts): TTimelineEvent[] {
  const events: TTimelineEvent[] = [event(facts.campaignLead.createdAt, "added", "Added to the campaign")];
  const actionsById = new Map(facts.actions.map((action) => [action.id, action]));
  const outbound = new Map(facts.messages.filter((message) => message.direction === "outbound").map((message) => [message.providerMessageId, message]));
  const shownMessages = new Set<string>();

  const outboundEmails = facts.emails.filter((email) => email.direction === "outbound");
  // The journal holds one entry per step, and an e-mail step sends one e-mail: its latest (an
  // e-mail step sent again after a soft bounce sent more, the earlier ones shown on their own).
  const emailOfStep = new Map(outboundEmails.flatMap((email) => (email.stepId ? [[email.stepId, email] as const] : [])));
  const emailsOfStep = (stepId: string) => outboundEmails.filter((email) => email.stepId === stepId).length;
  const shownEmails = new Set<string>();
  // After the bounces that caused them.
  const retries: TTimelineEvent[] = [];

  for (const entry of facts.journal) {
    const name = facts.stepName(entry.stepId, entry.stepType);
    const action = entry.actionId ? actionsById.get(entry.actionId) : undefined;
    const message = action?.providerRef ? outbound.get(action.providerRef) : undefined;
    if (message) shownMessages.add(message.providerMessageId);
    // An e-mail step to be sent again after a soft bounce (retry-email-step.ts).
    if (entry.status === "retrying") {
      retries.push(event(entry.finishedAt ?? entry.startedAt, "email", `${name}: bounced, to be sent again`, { detail: entry.detail, tone: "warning" }));
      continue;
    }
    const email = entry.stepType === "email" ? emailOfStep.get(entry.stepId) : undefined;
    if (email) shownEmails.add(email.id);
    const meaning = entry.outcome === "yes" || entry.outcome === "no" ? BRANCH_MEANING[entry.stepType as StepType]?.[entry.outcome] : undefined;
    const by = action ? `By ${action.senderName}` : email && emailDetail(email);
    const detail = [entry.detail, meaning && `Then: ${meaning.toLowerCase()}`, by].filter(Boolean).join(" · ") || null;
    const at = entry.finishedAt ?? entry.startedAt;
    if (entry.status === "failed") events.push(event(at, "error", `${name}: failed`, { detail: entry.detail ?? action?.error ?? email?.error ?? null, tone: "error" }));
    else if (entry.status === "skipped") events.push(event(at, stepKind(entry.stepType), `${name}: skipped`, { detail, tone: "warning" }));
    else if (entry.status === "sending") events.push(event(entry.startedAt, stepKind(entry.stepType), `${name}: being sent`, { detail }));
    else {
      const again = email && emailsOfStep(entry.stepId) > 1 ? " again" : "";
      events.push(event(at, stepKind(entry.stepType), `${name}: ${doneWord(entry.stepType)}${again}`, { detail, text: message?.text ?? email?.text ?? null }));
    }
  }

  for (const email of facts.emails) {
    if (email.direction === "inbound") {
      const inbound = INBOUND_EMAIL_EVENTS[email.kind ?? "reply"] ?? INBOUND_EMAIL_EVENTS.reply!;
      events.push(event(email.sentAt ?? email.createdAt, inbound.kind, inbound.title, { detail: `To ${email.mailboxName} · "${email.subject}"`, text: email.text, tone: inbound.tone }));
      continue;
    }
    if (!shownEmails.has(email.id)) {
      if (email.status === "failed") events.push(event(email.createdAt, "error", "E-mail failed", { detail: email.error ?? emailDetail(email), tone: "error" }));
      else if (email.status === "sending") events.push(event(email.createdAt, "email", "E-mail being sent", { detail: emailDetail(email) }));
      else events.push(event(email.sentAt ?? email.createdAt, "email", "E-mail sent", { detail: emailDetail(email), text: email.text }));
    }
    if (email.bouncedAt && email.bounceKind) {
      const title = email.bounceKind === "soft" ? "E-mail bounced (the receiving server will be tried again)" : "E-mail bounced";
      events.push(event(email.bouncedAt, "email", title, { detail: email.bounceMessage ?? `"${email.subject}"`, tone: email.bounceKind === "soft" ? "warning" : "error" }));
    }
    if (email.complainedAt) events.push(event(email.complainedAt, "email", "Reported the e-mail as spam", { detail: `"${email.subject}"`, tone: "error" }));
    if (email.openedAt) events.push(event(email.openedAt, "email", "Opened the e-mail", { detail: `"${email.subject}"`, tone: "success" }));
    if (email.clickedAt) events.push(event(email.clickedAt, "email", "Clicked a link in the e-mail", { detail: `"${email.subject}"`, tone: "success" }));
  }

  events.push(...retries);

  for (const draft of facts.drafts ?? []) {
    const name = facts.stepName(draft.stepId, draft.stepType);
    const made = draft.kind === "comment" ? "comment drafted" : draft.stepType === "voice_note" ? "recording ready" : "voice note spoken";
    const waiting = draft.status === "pending";
    events.push(event(draft.createdAt, stepKind(draft.stepType), `${name}: ${made}${waiting ? ", awaiting approval" : ""}`, { tone: waiting ? "warning" : "neutral" }));
    if (draft.decidedAt && (draft.status === "approved" || draft.status === "sent" || draft.status === "failed")) {
      events.push(event(draft.decidedAt, stepKind(draft.stepType), `${name}: approved`, { tone: "success" }));
    }
    if (draft.status === "cancelled") events.push(event(draft.updatedAt, stepKind(draft.stepType), `${name}: draft withdrawn, the lead moved on`));
  }

  let accepted = false;
  for (const action of facts.actions) {
    if (action.acceptedAt) {
      accepted = true;
      events.push(event(action.acceptedAt, "invitation", "Invitation accepted", { detail: `Connected with ${action.senderName}`, tone: "success" }));
    }
    if (action.withdrawnAt) events.push(event(action.withdrawnAt, "invitation", "Invitation withdrawn", { detail: `By ${action.senderName}, unanswered` }));
    if (action.source !== "direct") continue;
    const name = ACTION_NAMES[action.type] ?? action.type;
    const message = action.providerRef ? outbound.get(action.providerRef) : undefined;
    if (message) shownMessages.add(message.providerMessageId);
    if (action.status === "failed") events.push(event(action.createdAt, "error", `${name} (direct action): failed`, { detail: action.error, tone: "error" }));
    else events.push(event(action.sentAt ?? action.createdAt, "direct", `${name} (direct action)`, { detail: `By ${action.senderName}`, text: message?.text ?? null }));
  }
  if (!accepted && facts.campaignLead.invitationAcceptedAt) {
    events.push(event(facts.campaignLead.invitationAcceptedAt, "invitation", "Connected", { tone: "success" }));
  }

  for (const message of facts.messages) {
    if (message.direction === "inbound") events.push(event(message.at, "reply", "Replied", { detail: `To ${message.senderName}`, text: message.text, tone: "success" }));
    else if (!shownMessages.has(message.providerMessageId)) {
      events.push(event(message.at, "message", message.source === "campaign" ? "Message sent" : "Message sent outside the campaign", { detail: `By ${message.senderName}`, text: message.text }));
    }
  }

  for (const change of facts.statusChanges) {
    const known = STATUS_TITLES[change.newStatus];
    if (!known) continue;
    events.push(event(change.at, "status", known.title, { tone: known.tone, detail: change.newStatus === "failed" ? facts.campaignLead.error : null }));
  }
  const { status, finishedAt } = facts.campaignLead;
  if (finishedAt && STATUS_TITLES[status] && !facts.statusChanges.some((change) => change.newStatus === status)) {
    events.push(event(finishedAt, "status", STATUS_TITLES[status]!.title, { tone: STATUS_TITLES[status]!.tone, detail: status === "failed" ? facts.campaignLead.error : null }));
  }
  // Oldest first; on equal times the order above (cause before effect) is kept.
  return events.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index).map(({ entry }) => entry);
}
