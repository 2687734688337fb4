// How the Inbox words and shows its conversations: names, labels and the composer's keys, as pure
// functions the components share (and tests check).
import { withShortUnsubscribeLinks } from "@/server/domain/mail/unsubscribe-link";
import type { TConversation, TConversationMessage, TConversationSummary } from "@/server/schemas/inbox";

type Lead = TConversationSummary["lead"];
export type Interest = NonNullable<TConversationSummary["interest"]>;

export const INTEREST_LABELS: Record<Interest, string> = { interested: "Interested", not_interested: "Not interested", neutral: "Neutral" };
export const INTEREST_TONES = { interested: "green", not_interested: "red", neutral: "slate" } as const;

/** The lead as people call them: their name, else their address, else their LinkedIn handle. */
export function leadName(lead: Lead): string {
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(" ").trim();
  if (name) return name;
  if (lead.email) return lead.email;
  const handle = lead.linkedinUrl?.match(/linkedin\.com\/in\/([^/?#]+)/i)?.[1];
  return handle ? decodeURIComponent(handle) : "Unnamed lead";
}

/** Initials for the avatar: "AL" for Ada Lovelace, "A" for ada@example.com. */
export function leadInitials(lead: Lead): string {
  const words = leadName(lead)
    .split(/[\s@._-]+/)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join("") || "?"
  );
}

/** "CTO at Acme", "Acme" or null. */
export function leadHeadline(lead: Lead): string | null {
  if (lead.jobTitle && lead.company) return `${lead.jobTitle} at ${lead.company}`;
  return lead.company ?? lead.jobTitle ?? null;
}

export const CHANNEL_LABELS: Record<TConversationSummary["channel"], string> = { linkedin: "LinkedIn", email: "E-mail" };

/** The line under a row's name: the last message, prefixed "You: " when it went out. */
export function snippet(conversation: Pick<TConversationSummary, "lastMessage">): string {
  const text = withShortUnsubscribeLinks(conversation.lastMessage.text).replace(/\s+/g, " ").trim() || "(no text)";
  return conversation.lastMessage.direction === "outbound" ? `You: ${text}` : text;
}

/** Who wrote a message, as its bubble says. */
export function messageAuthor(message: Pick<TConversationMessage, "direction" | "source" | "kind">, lead: Lead): string {
  if (message.direction === "inbound") return message.kind === "auto-reply" ? `${leadName(lead)} · Automatic reply` : leadName(lead);
  if (message.source === "campaign") return "Campaign";
  if (message.source === "manual") return "You";
  return "Sent through the API";
}

/** Whether each message shows its subject: an e-mail's subject only where it changes, not on every bubble of the thread. */
export function subjectChanges(messages: Array<Pick<TConversationMessage, "subject">>): boolean[] {
  const normalise = (subject: string | null) =>
    (subject ?? "")
      .replace(/^((re|fwd?|aw|sv|tr)\s*:\s*)+/i, "")
      .trim()
      .toLowerCase();
  return messages.map((message, index) => index === 0 || normalise(message.subject) !== normalise(messages[index - 1]!.subject));
}

/** Sends the composer's text: Enter with Ctrl or ⌘ (plain Enter makes a new line). */
export function isSendShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean; nativeEvent?: { isComposing?: boolean } }): boolean {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.nativeEvent?.isComposing;
}

/** The composer's label and placeholder, after the channel a reply goes out on. */
export function composerWording(conversation: Pick<TConversation, "channel" | "account" | "subject">): { label: string; placeholder: string } {
  if (conversation.channel === "email") {
    const subject = conversation.subject ? `Re: ${conversation.subject.replace(/^(re:\s*)+/i, "")}` : "Re:";
    return { label: `Reply by e-mail from ${conversation.account.name}`, placeholder: `${subject} — your answer, sent in the same thread` };
  }
  return { label: `Reply on LinkedIn as ${conversation.account.name}`, placeholder: "Write a message…" };
}

type LeadStatus = NonNullable<TConversation["campaignLead"]>["status"];

const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  running: "Running",
  paused: "Paused",
  replied: "Replied",
  finished: "Finished",
  failed: "Failed",
  stopped: "Stopped",
};

export function leadStatusLabel(status: LeadStatus): string {
  return STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}
