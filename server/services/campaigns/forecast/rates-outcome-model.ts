// Outcomes for a real network, where nobody knows what a prospect will do: acceptance and reply
// rates (the workspace's own history, else defaults) decide, by a stable draw per lead, one
// plausible course; and the same for what recipients do with e-mails (opens, clicks, replies,
// bounces, complaints).
import { createHash } from "node:crypto";
import type { EmailOutcomeModel, OutcomeModel, SimLead } from "./simulation-types";

const HOUR = 3_600_000;

function draw(key: string): number {
  return createHash("sha256").update(key).digest().readUInt32BE(0) / 0x1_0000_0000;
}

/** A delay skewed towards short answers, as real ones are. */
function delay(key: string, [min, max]: [number, number]): number {
  const r = draw(`${key}:delay`);
  return (min + (max - min) * r * r) * HOUR;
}

export interface Rates {
  acceptRate: number;
  replyRate: number;
  acceptDelayHours: [number, number];
  replyDelayHours: [number, number];
}

export const DEFAULT_RATES: Rates = { acceptRate: 0.3, replyRate: 0.1, acceptDelayHours: [2, 96], replyDelayHours: [1, 48] };

export function ratesOutcomeModel(rates: Rates, known: { connected: ReadonlySet<string> } = { connected: new Set() }): OutcomeModel {
  const counters = new Map<string, number>();
  const next = (key: string) => {
    const value = counters.get(key) ?? 0;
    counters.set(key, value + 1);
    return value;
  };
  const connected = new Set(known.connected);
  return {
    kind: "rates",
    isConnected: (senderId: string, lead: SimLead) => connected.has(`${senderId}>${lead.id}`),
    // Nobody knows who will have posted by then: every lead is assumed to have a post to comment on.
    hasRecentPost: () => true,
    invitationSent(senderId, lead, at) {
      const key = `${lead.id}:invite:${next(`${lead.id}:invite`)}`;
      return draw(`${key}:accept`) < rates.acceptRate ? at + delay(key, rates.acceptDelayHours) : null;
    },
    invitationWithdrawn: () => undefined,
    messageSent(senderId, lead, kind, at) {
      const key = `${lead.id}:${kind}:${next(`${lead.id}:message`)}`;
      const rate = kind === "inmail" ? Math.min(1, rates.replyRate * 1.2) : rates.replyRate;
      return draw(`${key}:reply`) < rate ? at + delay(key, rates.replyDelayHours) : null;
    },
    initialEvents: () => [],
    accepted(senderId, lead) {
      connected.add(`${senderId}>${lead.id}`);
    },
  };
}

export interface EmailRates {
  openRate: number;
  /** Of the opened e-mails that have links, the share whose link is clicked. */
  clickOfOpenedRate: number;
  openDelayHours: [number, number];
  clickDelayHours: [number, number];
  /** Of the e-mails, the share answered by a person (out-of-office answers are not replies). */
  replyRate: number;
  replyDelayHours: [number, number];
  /** Of the addresses, the share that does not exist: every e-mail to one bounces for good. */
  hardBounceRate: number;
  /** Of the e-mails, the share refused for now (mailbox full, server busy). */
  softBounceRate: number;
  bounceDelayHours: [number, number];
  /** Of the e-mails, the share reported as spam. */
  complaintRate: number;
  complaintDelayHours: [number, number];
}

export const DEFAULT_EMAIL_RATES: EmailRates = {
  openRate: 0.4,
  clickOfOpenedRate: 0.1,
  openDelayHours: [0.05, 48],
  clickDelayHours: [0, 1],
  replyRate: 0.05,
  replyDelayHours: [0.5, 48],
  hardBounceRate: 0.02,
  softBounceRate: 0.01,
  bounceDelayHours: [0.01, 2],
  complaintRate: 0.002,
  complaintDelayHours: [0.1, 24],
};

/**
 * What recipients do with e-mails, by a stable draw per mailbox, address and e-mail count: a bounce
 * (an address that does not exist bounces every time) and nothing else, or opens and clicks, and a
 * reply or a complaint (never both).
 */
export function ratesEmailOutcomes(rates: EmailRates): EmailOutcomeModel {
  return {
    kind: "rates",
    plan({ mailboxId, toAddress, nth, sentAt, hasLinks }) {
      const key = `${mailboxId}>${toAddress}:${nth}`;
      if (draw(`${toAddress}:exists`) < rates.hardBounceRate) return { openAt: null, clickAt: null, bounce: { kind: "hard", at: sentAt + delay(`${key}:bounce`, rates.bounceDelayHours) } };
      if (draw(`${key}:soft-bounce`) < rates.softBounceRate) return { openAt: null, clickAt: null, bounce: { kind: "soft", at: sentAt + delay(`${key}:bounce`, rates.bounceDelayHours) } };
      const complainAt = draw(`${key}:complain`) < rates.complaintRate ? sentAt + delay(`${key}:complain`, rates.complaintDelayHours) : null;
      const replyAt = complainAt === null && draw(`${key}:reply`) < rates.replyRate ? sentAt + delay(`${key}:reply`, rates.replyDelayHours) : null;
      if (draw(`${key}:open`) >= rates.openRate) return { openAt: null, clickAt: null, replyAt, complainAt };
      const openAt = sentAt + delay(`${key}:open`, rates.openDelayHours);
      const clickAt = hasLinks && draw(`${key}:click`) < rates.clickOfOpenedRate ? openAt + delay(`${key}:click`, rates.clickDelayHours) : null;
      return { openAt, clickAt, replyAt, complainAt };
    },
  };
}
