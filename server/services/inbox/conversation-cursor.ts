// The inbox list's keyset cursor: the last row's (lastMessageAt, id), opaque to clients (base64url).
// The next page holds the conversations strictly after that key in the list's order
// (lastMessageAt desc, id desc). A conversation that gets a new message while someone pages moves
// to the top: it is not shown again on a later page (its key is now before the cursor) and, if it
// had not been reached yet, it is found at the top of the list, not further down.
import { HeraldError } from "../../lib/errors";

export interface ConversationKey {
  lastMessageAt: Date;
  id: string;
}

export function encodeConversationCursor(key: ConversationKey): string {
  return Buffer.from(`${key.lastMessageAt.toISOString()}|${key.id}`, "utf8").toString("base64url");
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ID = /^[a-z]{2,5}_[0-9a-zA-Z]{1,64}$/;

function invalidCursor(): HeraldError {
  return HeraldError.invalidInput("Invalid query parameter cursor: is not a cursor this list gave (use paging.nextCursor as it is)", [
    { field: "cursor", message: "is not a cursor this list gave" },
  ]);
}

export function decodeConversationCursor(cursor: string): ConversationKey {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  const [at, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (rest.length || !at || !id || !ISO_INSTANT.test(at) || !ID.test(id)) throw invalidCursor();
  const lastMessageAt = new Date(at);
  if (Number.isNaN(lastMessageAt.getTime())) throw invalidCursor();
  return { lastMessageAt, id };
}
