import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { parseInput } from "../../lib/zod-issues";
import { ZPersonSearchInput, type TPersonSearchInput, type TPersonSearchResult } from "../../schemas/company-database";
import { chargeSearchResults } from "./charge-search-results";
import { countMatches } from "./count-matches";
import { keysetPageSql } from "./keyset-page";
import { personIdSql, personSelectSql, personSortSql, personTableSql, personWhereSql, personWithCompanySql } from "./people-search-sql";
import { encodeSearchCursor, readSearchCursor, searchFingerprint } from "./search-cursor";
import { toPerson, type PersonRow } from "./to-person";

/**
 * POST /database/people/search (an extension): one keyset page of the people who match every
 * filter, with the total, and one AI credit per person returned that the workspace has not already
 * paid for in the last 24 hours (402 `insufficient-credits` and no page when the balance cannot
 * cover it; nothing is debited then).
 */
export async function searchPeople(actor: Actor, input: TPersonSearchInput): Promise<TPersonSearchResult> {
  const { filters, sort: requested, limit, cursor: rawCursor } = parseInput(ZPersonSearchInput, input);
  const key = requested?.key ?? "relevance";
  const sortInput = { key, dir: requested?.dir ?? (key === "name" ? "asc" : "desc") } as const;
  const fingerprint = searchFingerprint("people", filters, sortInput.key, sortInput.dir);
  const where = personWhereSql(filters);
  const sort = personSortSql(sortInput, filters);
  const cursor = rawCursor === undefined ? null : readSearchCursor(rawCursor, fingerprint, sort);
  // One more row than the page tells whether another page follows; the count (when one is needed)
  // runs beside the page query.
  const reading = Promise.resolve(
    db.$queryRaw<Array<PersonRow & { sort_value: string | number | null; page_id: number }>>(
      keysetPageSql({ select: personSelectSql, from: personWithCompanySql, where, sort, id: personIdSql, cursor, limit: limit + 1 }),
    ),
  );
  const [rows, { totalCount, totalCountIsEstimate }] = await Promise.all([
    reading,
    countMatches(personTableSql, where, { rows: reading.then((read) => read.length), limit, first: cursor === null }),
  ]);
  const page = rows.slice(0, limit);
  const credits = await chargeSearchResults({ workspaceId: actor.workspaceId, userId: actor.userId, kind: "person", resultIds: page.map((row) => row.id) });
  const last = page[page.length - 1];
  return {
    data: page.map(toPerson),
    paging: {
      nextCursor: rows.length > limit && last ? encodeSearchCursor(fingerprint, { value: last.sort_value, id: last.page_id }) : null,
      totalCount,
      totalCountIsEstimate,
    },
    creditsCharged: credits.charged,
    credits,
  };
}

