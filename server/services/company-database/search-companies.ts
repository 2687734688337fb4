import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { ZCompanySearchInput, type TCompanySearchInput, type TCompanySearchResult } from "../../schemas/company-database";
import { chargeSearchResults } from "./charge-search-results";
import { assertRangesNotEmpty, COMPANY_FROM, companySearchWhere, companySort, defaultSortDir, keywordTermsSql } from "./company-search-sql";
import { countMatches } from "./count-matches";
import { keysetPageSql } from "./keyset-page";
import { encodeSearchCursor, readSearchCursor, searchFingerprint, type CursorValue } from "./search-cursor";
import { COMPANY_RESULT_COLUMNS, isoDate, toCompany, type CompanyResultRow } from "./to-company";

type PageRow = CompanyResultRow & { sort_value: unknown; page_id: number };

/**
 * POST /database/companies/search: one page of the companies matching every filter, in the sort's
 * order, and the workspace's AI credits charged one per company returned that it has not already
 * paid for in the last 24 hours.
 *
 * The page is read first and the charge follows for exactly the rows read, in its own short
 * transaction (chargeSearchResults: what was paid for, the debit and its ledger row together; a
 * balance that cannot cover the page is a 402 and nothing is debited, nor returned). Reads stay
 * outside that transaction: on the embedded database a transaction holds every other connection, so
 * it is kept to the writes.
 */
export async function searchCompanies(actor: Actor, rawInput: TCompanySearchInput): Promise<TCompanySearchResult> {
  const input = parseInput(ZCompanySearchInput, rawInput);
  const { filters, limit } = input;
  assertRangesNotEmpty(filters);
  const sortKey = input.sort?.key ?? "relevance";
  const dir = input.sort?.dir ?? defaultSortDir(sortKey);
  const fingerprint = searchFingerprint("companies", filters, sortKey, dir);
  const sort = companySort(sortKey, dir, filters.keywords);
  const cursor = input.cursor === undefined ? null : readSearchCursor(input.cursor, fingerprint, sort);
  if (filters.keywords !== undefined) await assertKeywordsSearchable(filters.keywords);

  const where = companySearchWhere(filters);
  // One row past the page says whether another page follows, so the last page has no cursor.
  const pageSql = keysetPageSql({ select: COMPANY_RESULT_COLUMNS, from: COMPANY_FROM, where, sort, id: Prisma.sql`c.id`, cursor, limit: limit + 1 });
  // The count (when one is needed) runs beside the page query.
  const reading = Promise.resolve(db.$queryRaw<PageRow[]>(pageSql));
  const [rows, count] = await Promise.all([reading, countMatches(COMPANY_FROM, where, { rows: reading.then((read) => read.length), limit, first: cursor === null })]);

  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > limit && last ? encodeSearchCursor(fingerprint, { value: cursorValue(last.sort_value), id: last.page_id }) : null;

  const credits = await chargeSearchResults({ workspaceId: actor.workspaceId, userId: actor.userId, kind: "company", resultIds: page.map((row) => row.id) });
  return { data: page.map((row) => toCompany(row, filters.industries)), paging: { nextCursor, ...count }, creditsCharged: credits.charged, credits };
}

/** Keywords made only of common words ("the", "and") would silently match nothing: say so instead. */
async function assertKeywordsSearchable(keywords: string): Promise<void> {
  const [row] = await db.$queryRaw<Array<{ terms: number }>>(keywordTermsSql(keywords));
  if ((row?.terms ?? 0) > 0) return;
  const message = "has no word to search for (common words such as “the” are left out): add a more specific word";
  throw HeraldError.invalidInput(`Invalid filters.keywords: ${message}`, [{ field: "filters.keywords", message }]);
}

/** The sort value of a page's last row as the cursor carries it (dates as YYYY-MM-DD). */
function cursorValue(value: unknown): CursorValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return isoDate(value);
  if (typeof value === "bigint") return Number(value);
  return value as string | number;
}
