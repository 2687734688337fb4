// An erased person's entries on the do-not-contact list: one per key (address, LinkedIn profile),
// holding only the hash of `kind:value`, so a re-import of the same person is still refused while
// the list no longer says who they were. An entry already listed with the value is replaced: its
// value and note are the personal data an erasure removes.
import type { DbClient } from "../../db/client";
import { entryHash, normalizeEntryValue, type DoNotContactKind } from "../../domain/do-not-contact/entries";

export interface ErasedKey {
  kind: Extract<DoNotContactKind, "email" | "linkedin">;
  value: string;
}

/** Lists each key as erased (value null, reason "erased"); returns how many keys it listed. */
export async function addErasedEntries(
  client: DbClient,
  input: { workspaceId: string; keys: ErasedKey[]; createdBy: string | null; at: Date },
): Promise<number> {
  const hashes = new Map<string, ErasedKey["kind"]>();
  for (const key of input.keys) {
    const value = normalizeEntryValue(key.kind, key.value);
    if (value) hashes.set(entryHash(key.kind, value), key.kind);
  }
  for (const [hash, kind] of hashes) {
    await client.doNotContactEntry.upsert({
      where: { workspaceId_hash: { workspaceId: input.workspaceId, hash } },
      create: { workspaceId: input.workspaceId, kind, value: null, hash, reason: "erased", note: null, createdBy: input.createdBy, createdAt: input.at },
      update: { value: null, reason: "erased", note: null },
    });
  }
  return hashes.size;
}
