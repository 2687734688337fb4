// Puts entries on a workspace's do-not-contact list, in the caller's transaction when it has one
// (an unsubscribe, a complaint, a hard bounce add theirs with the event that caused them). An entry
// already listed stays as it was: the first reason a person was listed is the one kept.
import { db, type DbClient } from "../../db/client";
import { entryHash, normalizeEntryValue, type DoNotContactKind, type DoNotContactReason } from "../../domain/do-not-contact/entries";

export interface NewDoNotContactEntry {
  kind: DoNotContactKind;
  /** As given: normalized here (an entry whose value is not of its kind is left out). */
  value: string;
  reason: DoNotContactReason;
  note?: string | null;
  createdBy?: string | null;
}

/** Adds the entries not yet listed; returns how many were added. */
export async function addDoNotContactEntries(
  client: DbClient,
  input: { workspaceId: string; entries: NewDoNotContactEntry[]; at: Date },
): Promise<number> {
  const rows = input.entries.flatMap((entry) => {
    const value = normalizeEntryValue(entry.kind, entry.value);
    if (!value) return [];
    return [{
      workspaceId: input.workspaceId,
      kind: entry.kind,
      value,
      hash: entryHash(entry.kind, value),
      reason: entry.reason,
      note: entry.note ?? null,
      createdBy: entry.createdBy ?? null,
      createdAt: input.at,
    }];
  });
  if (!rows.length) return 0;
  const added = await client.doNotContactEntry.createMany({ data: rows, skipDuplicates: true });
  return added.count;
}

/** The same, for callers without a transaction. */
export const addToDoNotContactList = (input: { workspaceId: string; entries: NewDoNotContactEntry[]; at: Date }) => addDoNotContactEntries(db, input);

