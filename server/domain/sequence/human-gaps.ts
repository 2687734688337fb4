// Senders act with human-like pauses between actions, and mailboxes between campaign e-mails: a
// random gap, the same for the same sender (mailbox) and action (e-mail) count, so a simulation
// (the forecast) makes the same choices as the executor.
import { stableFraction } from "./stable-hash";

export const GAP_RANGE_SECONDS: [number, number] = [90, 420];

export function humanGapSeconds(accountId: string, actionNumber: number, range = GAP_RANGE_SECONDS): number {
  const value = stableFraction(`${accountId}:${actionNumber}`);
  return Math.round(range[0] + (range[1] - range[0]) * value);
}

/**
 * The rest between two campaign e-mails of one mailbox: 3 to 8 minutes, so that a mailbox at the
 * default limit of 50 a day spreads them over its working hours as a person writing would, and no
 * burst of identical-looking mail leaves one address (what spam filters weigh most). Seeded by the
 * mailbox and its campaign e-mail count (Mailbox.campaignSendCount after the send).
 */
export const MAILBOX_GAP_RANGE_SECONDS: [number, number] = [180, 480];

export function mailboxGapSeconds(mailboxId: string, sendNumber: number): number {
  return humanGapSeconds(`mailbox:${mailboxId}`, sendNumber, MAILBOX_GAP_RANGE_SECONDS);
}

/** Where a sender (mailbox) stands after using its turn: resting until `until`, with `count` turns used. */
export interface Rest {
  /** The end of its human-like gap (LinkedinAccount.nextActionAt, Mailbox.nextSendAt), in milliseconds. */
  until: number;
  /** Its count after this turn (LinkedinAccount.campaignActionCount, Mailbox.campaignSendCount). */
  count: number;
}

/**
 * The rest a sender takes after a turn used at `at` (an action, or a draft made for approval): the
 * gap is drawn from its count before this turn. The one rule the executor and the forecast apply.
 */
export function senderRest(senderId: string, countBefore: number, at: number): Rest {
  return { until: at + humanGapSeconds(senderId, countBefore) * 1000, count: countBefore + 1 };
}

/** The rest a mailbox takes after a campaign e-mail sent at `at`, drawn from its count before this e-mail (as a sender's). */
export function mailboxRest(mailboxId: string, countBefore: number, at: number): Rest {
  return { until: at + mailboxGapSeconds(mailboxId, countBefore) * 1000, count: countBefore + 1 };
}
