// The reading cursor of a Microsoft 365 mailbox read through Graph. Graph orders the inbox by
// `receivedDateTime` (whole seconds) and has no per-folder sequence number like IMAP's UID, so a
// position is the second a message arrived plus the messages of that second already read (a short
// hash of each Graph id): reading resumes with what arrived at that second and was not read yet,
// then everything after it. Nothing is read twice and nothing of the same second is skipped,
// whatever order Graph gives messages that arrived together.
import { createHash } from "node:crypto";

export interface GraphInboxCursor {
  /** ISO 8601 instant, whole seconds, as Graph gives `receivedDateTime`. */
  at: string;
  /** Hashes of the Graph ids of the messages of that second already read. */
  read: string[];
}

const PREFIX = "graph:";

export function idHash(id: string): string {
  return createHash("sha256").update(id).digest("base64url").slice(0, 12);
}

export function formatCursor(cursor: GraphInboxCursor): string {
  return `${PREFIX}${cursor.at}|${cursor.read.join(",")}`;
}

/** null for no cursor, or one of another provider (a mailbox read from its start of `since` again). */
export function parseCursor(value: string | null): GraphInboxCursor | null {
  if (!value?.startsWith(PREFIX)) return null;
  const [at, read = ""] = value.slice(PREFIX.length).split("|");
  if (!at || Number.isNaN(Date.parse(at))) return null;
  return { at: new Date(at).toISOString().replace(/\.\d{3}Z$/, "Z"), read: read ? read.split(",") : [] };
}

/** The instant as Graph writes it (whole seconds, `Z`), for comparing and for `$filter`. */
export function graphInstant(value: string | Date): string {
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The messages after `cursor` among those Graph listed (oldest first, from the cursor's second on),
 * each with the cursor that resumes right after it.
 */
export function unreadAfter<T extends { id: string; receivedDateTime: string }>(listed: T[], cursor: GraphInboxCursor | null): { message: T; cursor: string }[] {
  const out: { message: T; cursor: string }[] = [];
  let current: GraphInboxCursor | null = cursor;
  for (const message of listed) {
    const at = graphInstant(message.receivedDateTime);
    const hash = idHash(message.id);
    if (current && at < current.at) continue;
    if (current && at === current.at && current.read.includes(hash)) continue;
    current = current && at === current.at ? { at, read: [...current.read, hash] } : { at, read: [hash] };
    out.push({ message, cursor: formatCursor(current) });
  }
  return out;
}
