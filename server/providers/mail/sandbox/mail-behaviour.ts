// The sandbox mail network's behaviour model: what a recipient does with an e-mail, and when.
// Pure and deterministic, keyed by who writes to whom and how many times before (never by generated
// ids), so the campaign forecast (MailProvider.planOutcome) predicts exactly what the network will
// do when the e-mail is really sent. Hashing uses stable-hash so the model runs in the browser too.
import { stableFraction } from "../../../domain/sequence/stable-hash";
import type { EmailOutcome } from "../types";

/** Seeded rates of the network's recipients (fractions). */
export const SANDBOX_MAIL_RATES = {
  /** The e-mail is opened (images loaded, so an open pixel would be seen). */
  open: 0.55,
  /** Of the opened e-mails that have links, the recipient clicks one. */
  clickOfOpened: 0.12,
  reply: 0.07,
  /** An out-of-office auto-reply comes back. */
  outOfOffice: 0.04,
  /** Per address: the address does not exist, so every e-mail to it bounces for good. */
  hardBounceAddress: 0.02,
  /** Per e-mail: the recipient's server refuses it for now (mailbox full). */
  softBounce: 0.02,
  /** The recipient marks it as spam (their provider sends a feedback report). */
  complaint: 0.003,
} as const;

/**
 * Recognisable test addresses: a local part starting with one of these words always behaves that
 * way (e.g. `bounce@acme.test`, `reply.anna@acme.test`), so a demo or a test can count on it.
 */
export const SANDBOX_TEST_ADDRESSES = [
  { prefix: "softbounce", behaviour: "Bounces softly (mailbox full) every time." },
  { prefix: "bounce", behaviour: "Does not exist: every e-mail bounces for good (hard bounce)." },
  { prefix: "complain", behaviour: "Opens the e-mail, then marks it as spam." },
  { prefix: "clicker", behaviour: "Opens the e-mail and clicks its first link (when it has one)." },
  { prefix: "opener", behaviour: "Opens every e-mail, never clicks or replies." },
  { prefix: "reply", behaviour: "Opens the e-mail and replies." },
  { prefix: "ooo", behaviour: "Answers at once with an out-of-office auto-reply." },
] as const;

export type SandboxPersona = (typeof SANDBOX_TEST_ADDRESSES)[number]["prefix"];

/** Sandbox mailbox addresses whose "server" fails, so the dashboard can show a connection error. */
export const SANDBOX_MAILBOX_RULES = [
  {
    localPart: "unreachable",
    code: "host-unreachable",
    error: "The sandbox mail server for this address cannot be reached.",
    serverResponse: "connect ECONNREFUSED (sandbox)",
  },
  {
    localPart: "wrong-password",
    code: "auth-failed",
    error: "The sandbox mail server refused the sign-in for this address.",
    serverResponse: "535 5.7.8 Username and Password not accepted",
  },
] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export function localPart(address: string): string {
  return address.trim().toLowerCase().split("@")[0] ?? "";
}

export function personaOf(address: string): SandboxPersona | null {
  const local = localPart(address);
  return SANDBOX_TEST_ADDRESSES.find((entry) => local.startsWith(entry.prefix))?.prefix ?? null;
}

/** The key of one e-mail: the n-th (from 0) one this mailbox sent to this address. */
export function sandboxEmailKey(fromAddress: string, toAddress: string, nth: number): string {
  return `${fromAddress.trim().toLowerCase()}>${toAddress.trim().toLowerCase()}:email:${nth}`;
}

/** Whether the network knows the address as one that does not exist (every e-mail to it hard-bounces). */
export function isNonexistentAddress(toAddress: string): boolean {
  const persona = personaOf(toAddress);
  if (persona) return persona === "bounce";
  return stableFraction(`${toAddress.trim().toLowerCase()}:exists`) < SANDBOX_MAIL_RATES.hardBounceAddress;
}

/** A delay in [min, max] milliseconds, skewed towards short ones as real reactions are; whole seconds. */
function delay(key: string, min: number, max: number): number {
  const r = stableFraction(`${key}:delay`);
  return Math.round((min + (max - min) * r * r) / 1000) * 1000;
}

const NOTHING: EmailOutcome = { openAt: null, clickAt: null, replyAt: null, autoReplyAt: null, bounce: null, complainAt: null };

export interface PlanInput {
  fromAddress: string;
  toAddress: string;
  /** How many e-mails this mailbox sent to this address before this one. */
  nth: number;
  /** When it was sent, epoch milliseconds. */
  sentAt: number;
  /** Whether it has a link to click (other than the unsubscribe link). */
  hasLinks: boolean;
}

/**
 * What the recipient does with the e-mail. Opens come at least three minutes after sending, past
 * the two minutes in which Herald ignores opens (mail scanners), so every planned open is seen.
 */
export function planSandboxEmail(input: PlanInput): EmailOutcome {
  const key = sandboxEmailKey(input.fromAddress, input.toAddress, input.nth);
  const at = (name: string, min: number, max: number, from = input.sentAt) => from + delay(`${key}:${name}`, min, max);
  const persona = personaOf(input.toAddress);

  if (isNonexistentAddress(input.toAddress)) return { ...NOTHING, bounce: { kind: "hard", at: at("bounce", 5_000, persona ? MINUTE : 10 * MINUTE) } };
  if (persona === "softbounce" || (!persona && stableFraction(`${key}:soft-bounce`) < SANDBOX_MAIL_RATES.softBounce)) {
    return { ...NOTHING, bounce: { kind: "soft", at: at("bounce", MINUTE, persona ? 10 * MINUTE : 2 * HOUR) } };
  }

  if (persona) {
    switch (persona) {
      case "ooo":
        return { ...NOTHING, autoReplyAt: at("auto-reply", 5_000, MINUTE) };
      case "opener":
        return { ...NOTHING, openAt: at("open", 3 * MINUTE, 15 * MINUTE) };
      case "clicker": {
        const openAt = at("open", 3 * MINUTE, 15 * MINUTE);
        return { ...NOTHING, openAt, clickAt: input.hasLinks ? at("click", 10_000, 2 * MINUTE, openAt) : null };
      }
      case "reply": {
        const openAt = at("open", 3 * MINUTE, 15 * MINUTE);
        return { ...NOTHING, openAt, replyAt: at("reply", 5 * MINUTE, HOUR, openAt) };
      }
      case "complain": {
        const openAt = at("open", 3 * MINUTE, 15 * MINUTE);
        return { ...NOTHING, openAt, complainAt: at("complain", MINUTE, 30 * MINUTE, openAt) };
      }
    }
  }

  const opened = stableFraction(`${key}:open`) < SANDBOX_MAIL_RATES.open;
  const openAt = opened ? at("open", 3 * MINUTE, 72 * HOUR) : null;
  const clickAt =
    openAt !== null && input.hasLinks && stableFraction(`${key}:click`) < SANDBOX_MAIL_RATES.clickOfOpened ? at("click", 5_000, 30 * MINUTE, openAt) : null;
  const autoReplyAt = stableFraction(`${key}:out-of-office`) < SANDBOX_MAIL_RATES.outOfOffice ? at("auto-reply", 5_000, 5 * MINUTE) : null;
  // Someone who marks the e-mail as spam does not also answer it.
  const complainAt = stableFraction(`${key}:complain`) < SANDBOX_MAIL_RATES.complaint ? at("complain", MINUTE, 24 * HOUR, openAt ?? input.sentAt) : null;
  const replyAt =
    complainAt === null && stableFraction(`${key}:reply`) < SANDBOX_MAIL_RATES.reply ? at("reply", 10 * MINUTE, 48 * HOUR, openAt ?? input.sentAt) : null;
  return { openAt, clickAt, replyAt, autoReplyAt, bounce: null, complainAt };
}

const REPLIES = [
  "Thanks for reaching out! Happy to talk, how about a call next week?",
  "Interesting, tell me more about how this works.",
  "Not interested at the moment, thanks.",
  "Please remove me from your list.",
  "Thanks, I'll take a look and come back to you.",
  "We already use something similar, but feel free to send details.",
];

/** The text of a prospect's automatic reply, fixed by the e-mail it answers (its Message-ID). */
export function sandboxReplyText(messageId: string): string {
  return REPLIES[Math.floor(stableFraction(`${messageId}:reply-text`) * REPLIES.length)]!;
}
