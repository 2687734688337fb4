// Which of a batch of people the do-not-contact list refuses, in one query: every key of every
// person (address, domain, LinkedIn profile, company; domain/do-not-contact/entries.ts) is looked up
// by hash among the workspace's entries and, when the workspace shares its list, among the entries
// of the installation's other sharing workspaces. Callers pass a whole batch (a turn's candidates,
// a forecast's leads), so the list costs one query per batch, never one per lead.
import { db, type DbClient } from "../../db/client";
import type { TDoNotContactListing } from "../../schemas/do-not-contact";
import { personKeys, type DoNotContactKind, type DoNotContactMatch, type DoNotContactReason, type ListablePerson } from "../../domain/do-not-contact/entries";

/** A match with what the lead page and the check say of it: why and when it was listed, and whether by another workspace. */
export interface ListedMatch extends DoNotContactMatch {
  reason: DoNotContactReason;
  createdAt: Date;
  /** On another sharing workspace's list, not this one's. */
  shared: boolean;
}

/** The kinds in the order a refusal names them: the narrowest first. */
const PRECEDENCE: DoNotContactKind[] = ["email", "linkedin", "domain", "company"];

/** The match of each listed person, by the id given with it; people not listed are absent. */
export async function findListedPeople<T extends ListablePerson & { id: string }>(
  workspaceId: string,
  people: T[],
  client: DbClient = db,
): Promise<Map<string, ListedMatch>> {
  const keysOf = new Map(people.map((person) => [person.id, personKeys(person)]));
  const hashes = [...new Set([...keysOf.values()].flat().map((key) => key.hash))];
  const listed = new Map<string, ListedMatch>();
  if (!hashes.length) return listed;
  const rows = await client.$queryRaw<Array<{ hash: string; kind: DoNotContactKind; value: string | null; reason: DoNotContactReason; createdAt: Date; workspaceId: string }>>`
    SELECT DISTINCT ON (e.hash) e.hash, e.kind, e.value, e.reason, e."createdAt", e."workspaceId"
    FROM "DoNotContactEntry" e
    WHERE e.hash = ANY(${hashes})
      AND (e."workspaceId" = ${workspaceId}
        OR (e."workspaceId" IN (SELECT id FROM "Workspace" WHERE "shareDoNotContact")
          AND EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = ${workspaceId} AND w."shareDoNotContact")))
    ORDER BY e.hash, (e."workspaceId" = ${workspaceId}) DESC, e."createdAt"`;
  const byHash = new Map(rows.map((row) => [row.hash, row]));
  for (const [id, keys] of keysOf) {
    const hits = keys.filter((key) => byHash.has(key.hash)).sort((a, b) => PRECEDENCE.indexOf(a.kind) - PRECEDENCE.indexOf(b.kind));
    // An erased person's entry keeps no value: the refusal then says so rather than naming it.
    const row = hits[0] && byHash.get(hits[0].hash);
    if (row) listed.set(id, { kind: row.kind, value: row.value, reason: row.reason, createdAt: row.createdAt, shared: row.workspaceId !== workspaceId });
  }
  return listed;
}

/** The listing as this workspace may see it: another workspace's entry shows only that it is listed, not why or since when. */
export function toListing(match: ListedMatch): TDoNotContactListing {
  if (match.shared) return { kind: match.kind, value: match.value, reason: null, createdAt: null, shared: true };
  return { kind: match.kind, value: match.value, reason: match.reason, createdAt: match.createdAt.toISOString(), shared: false };
}
