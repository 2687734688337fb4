// The IMAP side of a mailbox: signing in (for the connect check), keeping a copy of what was sent
// in the Sent folder, finding a sent e-mail again, and reading new mail from the INBOX.
import { ImapFlow, type ImapFlowOptions, type ListResponse } from "imapflow";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import type { IncomingEmail, MailAddress } from "../types";

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
    throw error;
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

function address(value: { name?: string; address?: string } | undefined): MailAddress | null {
  if (!value?.address) return null;
  return { name: value.name ? value.name : null, address: value.address.toLowerCase() };
}

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const groups = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return groups.flatMap((group) => group.value.map(address).filter((entry): entry is MailAddress => entry !== null));
}

function headerMap(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    if (key in headers) continue;
    const colon = line.indexOf(":");
    headers[key] = (colon === -1 ? "" : line.slice(colon + 1)).replace(/\r?\n[ \t]+/g, " ").trim();
  }
  return headers;
}

export async function toIncomingEmail(uid: number, raw: Buffer, receivedAt: Date | null): Promise<IncomingEmail> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const references = parsed.references === undefined ? [] : Array.isArray(parsed.references) ? parsed.references : [parsed.references];
  return {
    uid: String(uid),
    messageId: parsed.messageId ?? null,
    inReplyTo: parsed.inReplyTo ?? null,
    references: references.flatMap((reference) => reference.split(/\s+/)).filter(Boolean),
    from: addresses(parsed.from)[0] ?? null,
    to: addresses(parsed.to),
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : null,
    headers: headerMap(parsed),
    raw: raw.toString("utf8"),
    receivedAt: (receivedAt ?? parsed.date ?? new Date(0)).toISOString(),
  };
}

/**
 * INBOX messages after the cursor (`<UIDVALIDITY>:<last UID read>`), oldest first. Without a
 * cursor, or when the server renumbered the folder (UIDVALIDITY changed), reading starts again
 * from the messages that arrived since `since`.
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

    const messages: IncomingEmail[] = [];
    if (uids.length) {
      const fetched = await client.fetchAll(uids.join(","), { uid: true, source: true, internalDate: true }, { uid: true });
      fetched.sort((a, b) => a.uid - b.uid);
      for (const message of fetched) {
        if (!message.source) continue;
        const internalDate = message.internalDate ? new Date(message.internalDate) : null;
        messages.push(await toIncomingEmail(message.uid, message.source, internalDate));
      }
    }
    const last = uids.at(-1) ?? resume ?? Math.max(0, (mailbox.uidNext ?? 1) - 1);
    return { messages, cursor: `${validity}:${last}` };
  } finally {
    lock.release();
  }
}
