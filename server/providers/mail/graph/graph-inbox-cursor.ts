// The reading cursor of a Microsoft 365 mailbox read through Graph. Graph orders the inbox by
// `receivedDateTime` (whole seconds, when Exchange received the message) and has no per-folder
// sequence number like IMAP's UID; a message can also become visible a little after a later-stamped
// one. So a position is the latest instant read plus the messages read in the LOOKBACK_SECONDS
// before it (each a short hash of its Graph id, with its instant): reading lists again from that
// far back and skips what was read. Nothing is read twice, and a message that shows up late, or
// several of the same second in any order, is still read, as long as it shows up within the window.
import { createHash } from "node:crypto";

/** How far back each read looks again for messages that became visible after later-stamped ones. */
export const LOOKBACK_SECONDS = 300;

export interface GraphInboxCursor {
  /** The latest instant read, whole seconds (epoch seconds). */
  at: number;
  /** The messages read in the window before `at`: hash of the Graph id and instant (epoch seconds). */
  read: Array<{ hash: string; at: number }>;
}

const PREFIX = "graph:";

export function idHash(id: string): string {
  return createHash("sha256").update(id).digest("base64url").slice(0, 12);
}

const seconds = (value: string | Date) => Math.floor(new Date(value).getTime() / 1000);

export function formatCursor(cursor: GraphInboxCursor): string {
  return `${PREFIX}${cursor.at}|${cursor.read.map((entry) => `${entry.at}.${entry.hash}`).join(",")}`;
}

/** null for no cursor, or one of another provider (a mailbox read from its start of `since` again). */
export function parseCursor(value: string | null): GraphInboxCursor | null {
  const match = value ? /^graph:(\d+)\|(.*)$/.exec(value) : null;
  if (!match) return null;
  const read = match[2]!
    .split(",")
    .filter(Boolean)
    .map((entry) => {
      const dot = entry.indexOf(".");
      return { at: Number(entry.slice(0, dot)), hash: entry.slice(dot + 1) };
    })
    .filter((entry) => Number.isFinite(entry.at) && entry.hash);
  return { at: Number(match[1]), read };
}

/** An instant as Graph writes it (whole seconds, `Z`), for `$filter`. */
export function graphInstant(value: string | Date | number): string {
  return new Date(typeof value === "number" ? value * 1000 : value).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Where a read lists from: the window before the cursor, or `since` for a first read. */
export function listFrom(cursor: GraphInboxCursor | null, since: Date): string {
  return graphInstant(cursor ? cursor.at - LOOKBACK_SECONDS : seconds(since));
}

/**
 * The messages not read yet among those Graph listed (oldest first), each with the cursor that
 * resumes right after it.
 */
export function unreadAfter<T extends { id: string; receivedDateTime: string }>(listed: T[], cursor: GraphInboxCursor | null): { message: T; cursor: string }[] {
  const out: { message: T; cursor: string }[] = [];
  let current: GraphInboxCursor = cursor ?? { at: 0, read: [] };
  for (const message of listed) {
    const at = seconds(message.receivedDateTime);
    const hash = idHash(message.id);
    if (current.read.some((entry) => entry.hash === hash)) continue;
    const latest = Math.max(current.at, at);
    current = { at: latest, read: [...current.read, { hash, at }].filter((entry) => entry.at >= latest - LOOKBACK_SECONDS) };
    out.push({ message, cursor: formatCursor(current) });
  }
  return out;
}
