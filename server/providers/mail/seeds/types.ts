// A seed inbox of the deliverability test: a mailbox at a receiving provider that the test e-mail is
// sent to and read back from, to see where the provider filed it. Real seeds are IMAP accounts
// (HERALD_SEED_INBOXES); the sandbox mail network has simulated ones for sandbox mailboxes.

export type SeedFolder = "inbox" | "spam" | "promotions";

export interface SeedMessage {
  folder: SeedFolder;
  /** The message as the receiver stored it, with its Received and Authentication-Results headers. */
  raw: string;
}

export interface SeedInbox {
  address: string;
  /** A name for people ("Gmail", "Outlook"); the address when the setting gives none. */
  label: string;
  /** Whether the raw message is a real receiver's (Herald checks it again itself) or the sandbox's simulation. */
  simulated: boolean;
  /**
   * Looks for the e-mail with this Message-ID (angle brackets included) that arrived since `since`;
   * null when not there (yet). `sender`: the Herald mailbox that sent it (the sandbox's seed judges
   * it by that mailbox's facts; an address can be a mailbox in several workspaces).
   */
  find(messageId: string, since: Date, sender?: { mailboxId: string }): Promise<SeedMessage | null>;
}
