// Warmup mail of Herald's pool: the tag that keeps it out of campaigns, the inbox and every count,
// and what the e-mails say. Pure and deterministic (keyed by the e-mail), so planning the same day
// twice writes the same e-mails.
import { stableFraction, stableHash32 } from "../sequence/stable-hash";

/** The header every pool e-mail (and every reply to one) carries, with the e-mail's tag (warmupTag). */
export const WARMUP_HEADER = "X-Herald-Warmup";

/** What warmupTag makes: a version prefix and two base-36 words (each at most 7 characters). */
const TAG_FORMAT = /^hw1-[0-9a-z]{1,14}$/;

/**
 * The header's tag, when it has the pool's tag format; null otherwise (headers with lower-cased
 * names, as providers hand them over). Anyone can write the header, so a tag says only that the
 * e-mail claims to be warmup mail: the inbound reader also asks whether the pool sent it.
 */
export function warmupTagOf(headers: Record<string, string> | null | undefined): string | null {
  if (!headers) return null;
  const value = (headers[WARMUP_HEADER.toLowerCase()] ?? headers[WARMUP_HEADER])?.trim();
  return value && TAG_FORMAT.test(value) ? value : null;
}

/** Whether an e-mail carries a warmup tag in the pool's format (a claim, see warmupTagOf). */
export function isWarmupMail(headers: Record<string, string> | null | undefined): boolean {
  return warmupTagOf(headers) !== null;
}

/** The tag of one e-mail: short, opaque, derived from its key (it names nothing about the mailboxes). */
export function warmupTag(key: string): string {
  return `hw1-${stableHash32(`${key}:tag`).toString(36)}${stableHash32(`${key}:tag2`).toString(36)}`;
}

// Ordinary small talk between colleagues: warmup mail must look like the mail people write each
// other, not like a template (filters learn from repeated bodies).
const SUBJECTS = [
  "Quick question about next week",
  "Notes from today",
  "Catching up",
  "Lunch on Thursday?",
  "The report you mentioned",
  "Following up on our chat",
  "Plans for the quarter",
  "A book recommendation",
  "Thanks for the help",
  "Meeting moved",
  "Draft for your review",
  "Idea for the team offsite",
  "Weekend plans",
  "Coffee sometime?",
  "Photos from the event",
  "Small favour",
];

const OPENINGS = ["Hi", "Hello", "Hey", "Good morning", "Hi there"];

const BODIES = [
  "I was thinking about what we discussed and wanted to share a couple of thoughts before the week gets busy.",
  "Could you have a look at the notes when you get a minute? No rush, whenever suits you.",
  "Just checking in to see how things are going on your side. It has been a while since we caught up.",
  "I found the article I told you about; it explains the idea better than I did. Let me know what you think.",
  "Thanks again for your help last time, it made a real difference. Happy to return the favour.",
  "Would Thursday or Friday work better for a short call? Either is fine for me.",
  "I put together a first draft. It is rough, but I would value your opinion on the structure.",
  "We are planning a small get-together next month and it would be great if you could join.",
  "The meeting moved to the afternoon; the room is the same. See you there.",
  "I finally tried the place you recommended. You were right, it was excellent.",
];

const CLOSINGS = ["Best,", "Thanks,", "Cheers,", "Kind regards,", "Talk soon,"];

const REPLIES = [
  "Thanks for the note, that sounds good to me.",
  "Great to hear from you! Thursday works for me.",
  "Thanks, I will take a look later today and get back to you.",
  "Good idea, count me in.",
  "Appreciate it. Let's catch up properly next week.",
  "Sounds great, thanks for letting me know.",
  "Perfect, that works. Talk soon.",
];

function pick<T>(list: readonly T[], key: string, salt: string): T {
  return list[Math.floor(stableFraction(`${key}:${salt}`) * list.length)]!;
}

function firstName(address: string): string {
  const local = (address.split("@")[0] ?? "").split(/[._+-]+/)[0] ?? "";
  return /^\p{L}/u.test(local) ? local[0]!.toUpperCase() + local.slice(1) : "";
}

/** A first e-mail: subject and plain text, signed with the sender's name. */
export function warmupMessage(key: string, input: { fromName: string | null; toAddress: string }): { subject: string; text: string } {
  const name = firstName(input.toAddress);
  const greeting = `${pick(OPENINGS, key, "open")}${name ? ` ${name}` : ""},`;
  const body = [pick(BODIES, key, "body1"), stableFraction(`${key}:two`) < 0.5 ? pick(BODIES, key, "body2") : null].filter((line, index, all) => line && all.indexOf(line) === index);
  const signature = input.fromName ?? "";
  return {
    subject: pick(SUBJECTS, key, "subject"),
    text: `${greeting}\n\n${body.join(" ")}\n\n${pick(CLOSINGS, key, "close")}\n${signature}\n`.replace(/\n+$/, "\n"),
  };
}

/** A reply to a warmup e-mail, quoting it as mail programs do. */
export function warmupReply(key: string, original: { subject: string; text: string; fromAddress: string; sentAt: Date }): { subject: string; text: string } {
  const subject = /^re:/i.test(original.subject) ? original.subject : `Re: ${original.subject}`;
  const quoted = original.text
    .trimEnd()
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  return { subject, text: `${pick(REPLIES, key, "reply")}\n\nOn ${original.sentAt.toUTCString()}, ${original.fromAddress} wrote:\n${quoted}\n` };
}
