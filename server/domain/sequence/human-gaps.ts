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
