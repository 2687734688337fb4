// Herald's warmup pool over IMAP: finding tagged warmup mail in the INBOX and the spam folder,
// opening it (\Seen) and rescuing it from spam (moved to the INBOX, flagged $NotJunk, as mail
// programs do when a person clicks "Not spam"). Promotions is a Gmail category, not an IMAP folder:
// over plain IMAP, mail there shows in the INBOX and counts as inbox.
import type { ImapFlow, ListResponse } from "imapflow";
import { WARMUP_HEADER } from "../../../domain/mail/warmup-mail";
import type { WarmupMailFolder, WarmupMailFound, WarmupMailToOpen } from "../types";

// Names servers give the spam folder when they do not flag it \Junk (older servers without SPECIAL-USE).
const JUNK_NAMES = ["junk", "spam", "junk e-mail", "junk email", "bulk mail", "inbox.junk", "inbox/junk", "inbox.spam", "inbox/spam"];

/** The mailbox's spam folder: flagged \Junk, else by its usual names; null when it has none. */
export async function findJunkFolder(client: ImapFlow): Promise<string | null> {
  const folders: ListResponse[] = await client.list();
  const flagged = folders.find((folder) => folder.specialUse === "\\Junk");
  if (flagged) return flagged.path;
  return folders.find((folder) => JUNK_NAMES.includes(folder.path.toLowerCase()))?.path ?? null;
}

/** Tagged warmup mail in the INBOX and the spam folder that arrived since `since`. */
export async function listWarmupMessages(client: ImapFlow, since: Date): Promise<WarmupMailFound[]> {
  const found: WarmupMailFound[] = [];
  const junk = await findJunkFolder(client);
  const folders: Array<[string, WarmupMailFolder]> = [["INBOX", "inbox"], ...(junk ? [[junk, "spam"] as [string, WarmupMailFolder]] : [])];
  // SINCE compares dates only: a day earlier cannot miss a message near midnight in another zone.
  const day = new Date(since.getTime() - 24 * 60 * 60 * 1000);
  for (const [path, folder] of folders) {
    const lock = await client.getMailboxLock(path, { readOnly: true });
    try {
      if (!client.mailbox || client.mailbox.exists === 0) continue;
      const uids = await client.search({ header: { [WARMUP_HEADER]: true }, since: day }, { uid: true });
      if (!Array.isArray(uids) || uids.length === 0) continue;
      const messages = await client.fetchAll(uids.join(","), { uid: true, envelope: true, flags: true }, { uid: true });
      for (const message of messages) {
        const messageId = message.envelope?.messageId;
        if (messageId) found.push({ messageId, folder, seen: message.flags?.has("\\Seen") ?? false });
      }
    } finally {
      lock.release();
    }
  }
  return found;
}

/** Marks warmup e-mails seen and, with `rescue`, moves them to the INBOX. Returns the Message-IDs found where they were said to be. */
export async function openWarmupMessages(client: ImapFlow, messages: WarmupMailToOpen[]): Promise<string[]> {
  const opened: string[] = [];
  const junk = messages.some((message) => message.folder === "spam") ? await findJunkFolder(client) : null;
  for (const folder of ["inbox", "spam", "promotions"] as const) {
    const here = messages.filter((message) => message.folder === folder);
    const path = folder === "spam" ? junk : "INBOX";
    if (!here.length || !path) continue;
    const lock = await client.getMailboxLock(path);
    try {
      for (const message of here) {
        const uids = await client.search({ header: { "message-id": message.messageId } }, { uid: true });
        if (!Array.isArray(uids) || uids.length === 0) continue;
        const range = uids.join(",");
        await client.messageFlagsAdd(range, ["\\Seen"], { uid: true });
        if (message.rescue && path !== "INBOX") {
          // $NotJunk teaches the server's filter (where it learns); servers that do not keep keywords ignore it.
          await client.messageFlagsAdd(range, ["$NotJunk"], { uid: true }).catch(() => false);
          await client.messageMove(range, "INBOX", { uid: true });
        }
        opened.push(message.messageId);
      }
    } finally {
      lock.release();
    }
  }
  return opened;
}
