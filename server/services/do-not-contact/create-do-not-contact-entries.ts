// Puts a member's entries on the workspace's list, from the dashboard ("manual") or the API ("api"):
// each value normalized, and a value that is not of its kind refuses the request with a 400 naming
// it; a value already listed is reported as such, not as an error, and keeps its first reason.
import { db } from "../../db/client";
import { entryHash, normalizeEntryValue } from "../../domain/do-not-contact/entries";
import { notOfKind } from "../../domain/do-not-contact/words";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { ZAddDoNotContactInput, type TAddDoNotContactInput, type TAddDoNotContactResult } from "../../schemas/do-not-contact";
import { insertEntries, type NormalizedEntry } from "./insert-entries";
import { toDoNotContactEntries } from "./to-do-not-contact-entry";

export async function createDoNotContactEntries(
  actor: Actor,
  input: TAddDoNotContactInput,
  reason: "manual" | "api",
): Promise<TAddDoNotContactResult> {
  const { entries } = parseInput(ZAddDoNotContactInput, input);
  const values = entries.map((entry) => normalizeEntryValue(entry.kind, entry.value));
  const refused = entries.flatMap((entry, index) => (values[index] ? [] : [{ field: `entries.${index}.value`, message: `${notOfKind(entry.kind)}: "${entry.value}"` }]));
  if (refused.length) {
    const more = refused.length > 1 ? ` (and ${refused.length - 1} more)` : "";
    throw HeraldError.invalidInput(`Invalid ${refused[0]!.field}: ${refused[0]!.message}${more}`, refused);
  }
  const normalized: NormalizedEntry[] = entries.map((entry, index) => {
    const value = values[index]!;
    return { kind: entry.kind, value, hash: entryHash(entry.kind, value), note: entry.note || null };
  });
  const inserted = await insertEntries(db, { workspaceId: actor.workspaceId, entries: normalized, reason, createdBy: actor.userId, at: now() });
  const insertedIds = inserted.map((row) => row.id);
  const insertedHashes = new Set(inserted.map((row) => row.hash));
  const found = insertedIds.length ? await db.doNotContactEntry.findMany({ where: { id: { in: insertedIds } } }) : [];
  // In the order they were given.
  const order = new Map(normalized.map((entry, index) => [entry.hash, normalized.length - index]));
  const rows = found.sort((a, b) => (order.get(b.hash) ?? 0) - (order.get(a.hash) ?? 0));
  const seen = new Set<string>();
  const alreadyListed = normalized.filter((entry) => {
    const first = !seen.has(entry.hash);
    seen.add(entry.hash);
    return !(first && insertedHashes.has(entry.hash));
  });
  return {
    added: await toDoNotContactEntries(db, rows),
    alreadyListed: alreadyListed.map((entry) => ({ kind: entry.kind, value: entry.value })),
  };
}
