// The do-not-contact list joined into a statement that reads leads (a sender turn's candidates), so
// the check costs no query of its own: each lead's keys are hashed in SQL as personKeys
// (domain/do-not-contact/entries.ts) hashes them for the common forms of an address, a profile and a
// company, and the first entry matching any of them comes back with the lead. A lead whose keys SQL
// cannot compute as personKeys does (an internationalized domain, an encoded profile URL, unusual
// spaces) is looked up again with findListedPeople: one query for all such leads of a batch, none
// when there are none. Its answer is findListedPeople's, sharing and precedence included.
import { Prisma, type DbClient } from "../../db/client";
import { personKeys, type DoNotContactKind, type DoNotContactMatch, type ListablePerson } from "../../domain/do-not-contact/entries";
import { textOrNull } from "../../db/json-timestamps";
import { findListedPeople } from "./find-listed-people";

const hashOf = (kind: DoNotContactKind, value: Prisma.Sql) => Prisma.sql`encode(sha256(convert_to(${Prisma.raw(`'${kind}:'`)} || ${value}, 'UTF8')), 'hex')`;

/**
 * `LEFT JOIN LATERAL (…) AS <alias>` giving, for the lead aliased `lead`, columns `<alias>."keyHashes"`
 * (its keys' hashes as SQL computes them), `<alias>.kind` and `<alias>.value` (the refusing entry,
 * null when none). `workspaceId` is the lead's workspace (an SQL expression).
 */
export function listedJoin(lead: string, workspaceId: Prisma.Sql, alias: string): Prisma.Sql {
  const l = Prisma.raw(`"${lead}"`);
  const address = Prisma.sql`lower(btrim(${l}.email))`;
  const profile = Prisma.sql`lower(COALESCE(substring(${l}."publicIdentifier" from '^[A-Za-z0-9-]{3,100}$'), substring(${l}."profileUrl" from '(?i)linkedin\\.com/in/([^/?#]+)'), substring(btrim(${l}."profileUrl") from '^[A-Za-z0-9-]{3,100}$')))`;
  const company = Prisma.sql`NULLIF(lower(regexp_replace(btrim(${l}.company), '\\s+', ' ', 'g')), '')`;
  return Prisma.sql`LEFT JOIN LATERAL (
    SELECT k."keyHashes", m.kind, m.value
    FROM (SELECT array_remove(ARRAY[
        CASE WHEN ${address} ~ '^[^@\\s]+@[^@\\s]+$' THEN ${hashOf("email", address)} END,
        CASE WHEN ${address} ~ '^[^@\\s]+@[^@\\s]+$' THEN ${hashOf("domain", Prisma.sql`substring(${address} from '@([^@]+)$')`)} END,
        CASE WHEN ${profile} IS NOT NULL THEN ${hashOf("linkedin", profile)} END,
        CASE WHEN ${company} IS NOT NULL AND length(${company}) <= 200 THEN ${hashOf("company", company)} END
      ], NULL) AS "keyHashes") k
    LEFT JOIN LATERAL (
      SELECT e.kind, e.value
      FROM "DoNotContactEntry" e
      WHERE e.hash = ANY(k."keyHashes")
        AND (e."workspaceId" = ${workspaceId}
          OR (e."workspaceId" IN (SELECT id FROM "Workspace" WHERE "shareDoNotContact")
            AND EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = ${workspaceId} AND w."shareDoNotContact")))
      ORDER BY array_position(ARRAY['email', 'linkedin', 'domain', 'company'], e.kind), (e."workspaceId" = ${workspaceId}) DESC, e."createdAt"
      LIMIT 1
    ) m ON true
  ) ${Prisma.raw(`"${alias}"`)} ON true`;
}

/** The refusing entry from the join's columns. */
export function matchOf(kind: unknown, value: unknown): DoNotContactMatch | null {
  const listedKind = textOrNull(kind);
  return listedKind ? { kind: listedKind as DoNotContactKind, value: textOrNull(value) } : null;
}

/**
 * Each lead's match as the join found it, corrected by findListedPeople for the leads whose keys SQL
 * did not hash as personKeys does (one query for all of them, none when there are none).
 */
export async function settleListed<T extends ListablePerson & { id: string }>(
  workspaceId: string,
  rows: Array<{ person: T; keyHashes: unknown; match: DoNotContactMatch | null }>,
  client?: DbClient,
): Promise<Map<string, DoNotContactMatch | null>> {
  const listed = new Map<string, DoNotContactMatch | null>();
  const unsure: T[] = [];
  for (const { person, keyHashes, match } of rows) {
    const sqlHashes = new Set(Array.isArray(keyHashes) ? keyHashes.map(String) : []);
    const hashes = personKeys(person).map((key) => key.hash);
    if (hashes.length === sqlHashes.size && hashes.every((hash) => sqlHashes.has(hash))) listed.set(person.id, match);
    else unsure.push(person);
  }
  if (unsure.length) {
    const found = await findListedPeople(workspaceId, unsure, client);
    for (const person of unsure) listed.set(person.id, found.get(person.id) ?? null);
  }
  return listed;
}
