// A real seed inbox, read over IMAP: the test e-mail is searched by its Message-ID in INBOX and in
// the spam folder (the \Junk special-use folder, or the names providers give it). At Gmail (the
// server offers X-GM-EXT-1) an inbox message in the Promotions tab counts as `promotions`.
import { ImapFlow } from "imapflow";
import type { MailboxHandle } from "../types";
import { imapClientOptions, type MailConnectionTuning } from "../smtp/connection-options";
import type { TSeedInboxSetting } from "./seed-settings";
import type { SeedInbox, SeedMessage } from "./types";

/** Spam folders by name, for servers that do not mark theirs \Junk. */
const SPAM_FOLDER_NAMES = ["junk", "spam", "[gmail]/spam", "junk e-mail", "junk email", "bulk mail"];

/** The connection options code takes a mailbox: a seed is one that only reads. */
function seedHandle(seed: TSeedInboxSetting): MailboxHandle {
  const imap = { host: seed.imap.host, port: seed.imap.port, security: seed.imap.security, username: seed.imap.username ?? seed.address };
  return {
    id: `seed:${seed.address}`,
    workspaceId: "",
    email: seed.address,
    provider: "smtp",
    settings: { smtp: imap, imap },
    credentials: { kind: "password", smtpPassword: seed.imap.password, imapPassword: seed.imap.password },
  };
}

async function searchFolder(client: ImapFlow, folder: string, messageId: string, since: Date): Promise<{ uid: number; raw: string; labels: Set<string> } | null> {
  const lock = await client.getMailboxLock(folder, { readOnly: true });
  try {
    // SINCE compares dates only: a day earlier never misses a message near midnight in another zone.
    const day = new Date(since.getTime() - 24 * 60 * 60 * 1000);
    const uids = await client.search({ header: { "message-id": messageId }, since: day }, { uid: true });
    if (!Array.isArray(uids) || uids.length === 0) return null;
    const uid = uids.at(-1)!;
    const message = await client.fetchOne(String(uid), { source: true, labels: client.capabilities.has("X-GM-EXT-1") }, { uid: true });
    if (!message || !message.source) return null;
    return { uid, raw: message.source.toString("utf8"), labels: message.labels ?? new Set() };
  } finally {
    lock.release();
  }
}

async function isGmailPromotion(client: ImapFlow, messageId: string, labels: Set<string>): Promise<boolean> {
  if (!client.capabilities.has("X-GM-EXT-1")) return false;
  if ([...labels].some((label) => /promotions|smartlabel_promo/i.test(label))) return true;
  const lock = await client.getMailboxLock("INBOX", { readOnly: true });
  try {
    const found = await client.search({ header: { "message-id": messageId }, gmraw: "category:promotions" }, { uid: true });
    return Array.isArray(found) && found.length > 0;
  } finally {
    lock.release();
  }
}

export function createImapSeedInbox(seed: TSeedInboxSetting, tuning: MailConnectionTuning = {}): SeedInbox {
  const handle = seedHandle(seed);
  return {
    address: seed.address,
    label: seed.label ?? seed.address,
    simulated: false,
    async find(messageId, since): Promise<SeedMessage | null> {
      // A seed inbox is the installation's own (HERALD_SEED_INBOXES), not a member's: any address.
      const client = new ImapFlow({ ...imapClientOptions(handle, { type: "password", user: handle.settings!.imap.username, pass: seed.imap.password }, { ...tuning, anyAddress: true }), logger: false });
      client.on("error", () => undefined);
      await client.connect();
      try {
        const inbox = await searchFolder(client, "INBOX", messageId, since);
        if (inbox) return { folder: (await isGmailPromotion(client, messageId, inbox.labels)) ? "promotions" : "inbox", raw: inbox.raw };
        const folders = await client.list();
        const spamFolders = folders.filter((folder) => folder.specialUse === "\\Junk" || SPAM_FOLDER_NAMES.includes(folder.path.toLowerCase()));
        for (const folder of spamFolders) {
          const found = await searchFolder(client, folder.path, messageId, since);
          if (found) return { folder: "spam", raw: found.raw };
        }
        return null;
      } finally {
        await client.logout().catch(() => client.close());
      }
    },
  };
}
