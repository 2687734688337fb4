// The IMAP side of a mailbox: signing in (for the connect check), keeping a copy of what was sent
// in the Sent folder, finding a sent e-mail again, and reading new mail from the INBOX.
import { ImapFlow, type FetchQueryObject, type ImapFlowOptions, type ListResponse } from "imapflow";
import type { IncomingEmail } from "../types";
import { afterImapSignIn } from "./mail-errors";
import { toIncomingEmail } from "./incoming-message";

export { toIncomingEmail };

/** Signs in, runs `work`, and signs out (or drops the connection when something failed). */
export async function withImap<T>(options: ImapFlowOptions, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow(options);
  // A connection that breaks later reports through 'error'; the failing command rejects as well.
  client.on("error", () => undefined);
  await client.connect();
  try {
    const result = await work(client);
    await client.logout().catch(() => client.close());
    return result;
  } catch (error) {
    client.close();
    throw afterImapSignIn(error);
  }
}

// Names servers give the Sent folder when they do not flag it \Sent (older servers without SPECIAL-USE).
const SENT_NAMES = ["sent", "sent items", "sent messages", "sent mail", "inbox/sent", "inbox.sent"];

/** The mailbox's Sent folder: flagged \Sent, else by its usual names; null when it has none. */
export async function findSentFolder(client: ImapFlow): Promise<string | null> {
  const folders: ListResponse[] = await client.list();
  const flagged = folders.find((folder) => folder.specialUse === "\\Sent");
  if (flagged) return flagged.path;
  return folders.find((folder) => SENT_NAMES.includes(folder.path.toLowerCase()))?.path ?? null;
}

/** Whether the Sent folder holds a message with this Message-ID dated `since` or later; null without a Sent folder. */
export async function sentFolderHas(client: ImapFlow, messageId: string, since: Date): Promise<boolean | null> {
  const folder = await findSentFolder(client);
  if (!folder) return null;
  const lock = await client.getMailboxLock(folder, { readOnly: true });
  try {
    // SINCE compares dates only (no time), so a day earlier cannot miss a message near midnight in another zone.
    const day = new Date(since.getTime() - 24 * 60 * 60 * 1000);
    const found = await client.search({ header: { "message-id": messageId }, since: day }, { uid: true });
    return Array.isArray(found) && found.length > 0;
  } finally {
    lock.release();
  }
}

function parseCursor(cursor: string | null): { validity: string; uid: number } | null {
  const match = cursor ? /^(\d+):(\d+)$/.exec(cursor) : null;
  return match ? { validity: match[1]!, uid: Number(match[2]) } : null;
}

/** Above this size (HERALD_MAIL_MAX_MESSAGE_BYTES, default 10 MB) only the start of a message is downloaded. */
export function maxMessageBytes(): number {
  const configured = Number(process.env.HERALD_MAIL_MAX_MESSAGE_BYTES);
  return Number.isFinite(configured) && configured > 0 ? configured : 10 * 1024 * 1024;
}

/** How much of a message above the limit is read: its headers and first part are in there. */
export const PARTIAL_MESSAGE_BYTES = 256 * 1024;
/** Bytes of whole messages asked for in one FETCH (a batch of small ones, never many large ones at once). */
const FETCH_BYTES = 16 * 1024 * 1024;

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** The messages' sources, oldest first: whole up to the size limit, the first 256 KB above it (marked incomplete). */
async function fetchMessages(client: ImapFlow, validity: string, uids: number[]): Promise<IncomingEmail[]> {
  const limit = maxMessageBytes();
  const sizes = await client.fetchAll(uids.join(","), { uid: true, size: true, internalDate: true }, { uid: true });
  sizes.sort((a, b) => a.uid - b.uid);
  const messages: IncomingEmail[] = [];
  const take = async (range: string, query: FetchQueryObject, incomplete?: (uid: number) => string) => {
    const fetched = await client.fetchAll(range, { uid: true, internalDate: true, ...query }, { uid: true });
    fetched.sort((a, b) => a.uid - b.uid);
    for (const message of fetched) {
      // A message expunged meanwhile has no source: there is nothing to read at its place.
      if (!message.source) continue;
      const internalDate = message.internalDate ? new Date(message.internalDate) : null;
      messages.push(await toIncomingEmail(`${validity}:${message.uid}`, message.source, internalDate, incomplete?.(message.uid)));
    }
  };
  let batch: number[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length) await take(batch.join(","), { source: true });
    batch = [];
    batchBytes = 0;
  };
  for (const { uid, size = 0 } of sizes) {
    if (size > limit) {
      await flush();
      await take(String(uid), { source: { start: 0, maxLength: PARTIAL_MESSAGE_BYTES } }, () => `Too large (${megabytes(size)}): only its first ${PARTIAL_MESSAGE_BYTES / 1024} KB were read`);
      continue;
    }
    if (batch.length && batchBytes + size > FETCH_BYTES) await flush();
    batch.push(uid);
    batchBytes += size;
  }
  await flush();
  return messages;
}

/**
 * INBOX messages after the cursor (`<UIDVALIDITY>:<last UID read>`), oldest first; each message's
 * `uid` is its own cursor. Without a cursor, or when the server renumbered the folder
 * (UIDVALIDITY changed), reading starts again from the messages that arrived since `since`.
 */
export async function readInbox(client: ImapFlow, input: { cursor: string | null; since: Date; limit: number }): Promise<{ messages: IncomingEmail[]; cursor: string | null }> {
  const lock = await client.getMailboxLock("INBOX", { readOnly: true });
  try {
    const mailbox = client.mailbox;
    if (!mailbox) throw new Error("The INBOX did not open");
    const validity = String(mailbox.uidValidity);
    const previous = parseCursor(input.cursor);
    const resume = previous && previous.validity === validity ? previous.uid : null;

    let uids: number[];
    if (mailbox.exists === 0) {
      uids = [];
    } else if (resume !== null) {
      // `n:*` also names the newest message when every UID is below n, hence the filter.
      const found = await client.search({ uid: `${resume + 1}:*` }, { uid: true });
      uids = (Array.isArray(found) ? found : []).filter((uid) => uid > resume);
    } else {
      const found = await client.search({ since: input.since }, { uid: true });
      uids = Array.isArray(found) ? found : [];
    }
    uids = [...uids].sort((a, b) => a - b).slice(0, input.limit);

    const messages = uids.length ? await fetchMessages(client, validity, uids) : [];
    const last = uids.at(-1) ?? resume ?? Math.max(0, (mailbox.uidNext ?? 1) - 1);
    return { messages, cursor: `${validity}:${last}` };
  } finally {
    lock.release();
  }
}
