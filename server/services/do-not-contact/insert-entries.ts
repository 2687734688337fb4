// Inserts normalized entries in statements of one array per column (a 100,000-row import binds a few
// arrays, not a parameter per value) and answers the hashes it inserted: a hash not among them was
// already listed (by an earlier entry or an earlier row of the same batch), and stays as it was.
import type { DbClient } from "../../db/client";
import type { DoNotContactKind, DoNotContactReason } from "../../domain/do-not-contact/entries";

export interface NormalizedEntry {
  kind: DoNotContactKind;
  value: string;
  hash: string;
  note: string | null;
}

export interface InsertedEntry {
  id: string;
  hash: string;
  createdAt: Date;
}

const CHUNK = 10_000;

export async function insertEntries(
  client: DbClient,
  input: { workspaceId: string; entries: NormalizedEntry[]; reason: DoNotContactReason; createdBy: string | null; at: Date },
): Promise<InsertedEntry[]> {
  const inserted: InsertedEntry[] = [];
  const stamp = input.at.toISOString();
  for (let start = 0; start < input.entries.length; start += CHUNK) {
    const chunk = input.entries.slice(start, start + CHUNK);
    const rows = await client.$queryRaw<InsertedEntry[]>`
      INSERT INTO "DoNotContactEntry" ("workspaceId", "kind", "value", "hash", "reason", "note", "createdBy", "createdAt")
      SELECT ${input.workspaceId}, u.kind, u.value, u.hash, ${input.reason}, u.note, ${input.createdBy}, ${stamp}::timestamptz AT TIME ZONE 'UTC'
      FROM unnest(${chunk.map((entry) => entry.kind)}::text[], ${chunk.map((entry) => entry.value)}::text[], ${chunk.map((entry) => entry.hash)}::text[], ${chunk.map((entry) => entry.note)}::text[])
        WITH ORDINALITY AS u(kind, value, hash, note, position)
      ORDER BY u.position
      ON CONFLICT ("workspaceId", "hash") DO NOTHING
      RETURNING id, hash, "createdAt"`;
    inserted.push(...rows);
  }
  return inserted;
}
