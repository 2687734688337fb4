// The company database's keyset cursor: opaque to callers, it carries where the previous page ended
// (the last row's sort value and id) and a fingerprint of the filters and sort it belongs to, so a
// cursor replayed with other filters is refused instead of paging through the wrong results. Rows
// added later never shift a page (unlike an offset): each page starts strictly after the last row.
import { createHash } from "node:crypto";
import { HeraldError } from "../../lib/errors";

export type CursorValue = string | number | null;

export interface SearchCursor {
  /** The sort value of the last row returned (null when that row had no value: nulls come last). */
  value: CursorValue;
  /** The last row's id, the tie-breaker. */
  id: number;
}

/** A short, stable hash of what the pages of one search share (filters, sort key and direction). */
export function searchFingerprint(scope: "companies" | "people", filters: unknown, sortKey: string, dir: string): string {
  return createHash("sha256").update(JSON.stringify([scope, canonical(filters), sortKey, dir])).digest("base64url").slice(0, 12);
}

export function encodeSearchCursor(fingerprint: string, cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify({ f: fingerprint, v: cursor.value, i: cursor.id })).toString("base64url");
}

/**
 * The cursor, or the reason it cannot be used: `malformed` (not a cursor Herald gave) or `mismatch`
 * (a cursor of another search: different filters or sort).
 */
export function decodeSearchCursor(raw: string, fingerprint: string): { ok: true; cursor: SearchCursor } | { ok: false; reason: "malformed" | "mismatch" } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (!parsed || typeof parsed !== "object") return { ok: false, reason: "malformed" };
  const { f, v, i } = parsed as Record<string, unknown>;
  if (typeof f !== "string" || !Number.isSafeInteger(i) || (i as number) < 0) return { ok: false, reason: "malformed" };
  if (v !== null && typeof v !== "string" && typeof v !== "number") return { ok: false, reason: "malformed" };
  if (typeof v === "number" && !Number.isFinite(v)) return { ok: false, reason: "malformed" };
  if (f !== fingerprint) return { ok: false, reason: "mismatch" };
  return { ok: true, cursor: { value: v as CursorValue, id: i as number } };
}

/** Objects with sorted keys and without undefined members, so equal filters hash alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, member]) => member !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, member]) => [key, canonical(member)]),
    );
  }
  return value;
}

const INT4_MAX = 2_147_483_647;

/**
 * Whether a decoded cursor can be compared with the sort's values. The fingerprint is no secret, so a
 * hand-made cursor can pass it: its value must still be of the sort's type (and its id an integer id)
 * or the query itself would fail. A search answers 400 `cursor` when this is false.
 */
export function cursorFitsSort(cursor: SearchCursor, sort: { type: "int" | "float8" | "text" | "date"; nullable: boolean }): boolean {
  const { value, id } = cursor;
  if (id > INT4_MAX) return false;
  if (value === null) return sort.nullable;
  switch (sort.type) {
    case "int":
      return typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= INT4_MAX;
    case "float8":
      return typeof value === "number";
    case "text":
      return typeof value === "string" && !value.includes("\u0000");
    case "date":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && !value.startsWith("0000") && isCalendarDate(value);
  }
}

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The cursor of a request, checked against the search it is replayed with (fingerprint) and the
 * sort's value type; anything else is a 400 naming `cursor`, never a failed query.
 */
export function readSearchCursor(raw: string, fingerprint: string, sort: { type: "int" | "float8" | "text" | "date"; nullable: boolean }): SearchCursor {
  const decoded = decodeSearchCursor(raw, fingerprint);
  if (decoded.ok && cursorFitsSort(decoded.cursor, sort)) return decoded.cursor;
  const message =
    !decoded.ok && decoded.reason === "mismatch"
      ? "belongs to a search with other filters or another sort: start again without a cursor"
      : "is not a cursor this search gave (pass paging.nextCursor as it is)";
  throw HeraldError.invalidInput(`Invalid cursor: ${message}`, [{ field: "cursor", message }]);
}
