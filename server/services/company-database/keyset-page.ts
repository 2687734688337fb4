import { Prisma } from "../../db/generated/client";
import type { SearchCursor } from "./search-cursor";

export interface KeysetSort {
  /** The sort value's SQL (a column or an expression of the row). */
  expr: Prisma.Sql;
  dir: "asc" | "desc";
  /** Whether the value can be null: null values come last in both directions. */
  nullable: boolean;
  /** The value's SQL type (int, float8, text, date): the cursor's value is cast to it so indexes apply. */
  type: "int" | "float8" | "text" | "date";
}

export interface KeysetPageInput {
  /** The select list, e.g. Prisma.sql`c.*`; the query also returns `sort_value`, `page_id` and `page_part`. */
  select: Prisma.Sql;
  /** FROM … (one table with an alias, or a join). */
  from: Prisma.Sql;
  /** The filters (Prisma.sql`TRUE` for none). */
  where: Prisma.Sql;
  sort: KeysetSort;
  /** The row id's SQL (an integer column), the tie-breaker in the sort's direction. */
  id: Prisma.Sql;
  cursor: SearchCursor | null;
  limit: number;
}

/**
 * One page of a keyset-paged search: rows strictly after the cursor in (sort value, id) order, the
 * rows without a sort value after all others. Written as two index-friendly parts (rows with a value,
 * then rows without) so that PostgreSQL seeks to the cursor instead of reading the rows before it,
 * and stops as soon as the page is full. Rows inserted while paging never shift a page.
 */
export function keysetPageSql(input: KeysetPageInput): Prisma.Sql {
  const { select, from, where, sort, id, cursor, limit } = input;
  const dir = sort.dir === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const after = sort.dir === "asc" ? Prisma.sql`>` : Prisma.sql`<`;
  const value = cursor ? Prisma.sql`${cursor.value}::${Prisma.raw(sort.type)}` : Prisma.sql`NULL`;
  const valued = (part: number) => Prisma.sql`SELECT ${select}, ${sort.expr} AS sort_value, ${id} AS page_id, ${Prisma.raw(String(part))} AS page_part FROM ${from} WHERE ${where}`;
  const valuedPart = (condition: Prisma.Sql) =>
    Prisma.sql`(${valued(1)} AND ${condition} ORDER BY ${sort.expr} ${dir}, ${id} ${dir} LIMIT ${limit})`;
  const nullPart = (condition: Prisma.Sql) =>
    Prisma.sql`(${valued(2)} AND ${sort.expr} IS NULL AND ${condition} ORDER BY ${id} ${dir} LIMIT ${limit})`;

  if (!sort.nullable) {
    const condition = cursor ? Prisma.sql`(${sort.expr}, ${id}) ${after} (${value}, ${cursor.id})` : Prisma.sql`TRUE`;
    return Prisma.sql`${valuedPart(condition)}`;
  }
  if (cursor && cursor.value === null) {
    return Prisma.sql`${nullPart(Prisma.sql`${id} ${after} ${cursor.id}`)}`;
  }
  const condition = cursor
    ? Prisma.sql`${sort.expr} IS NOT NULL AND (${sort.expr}, ${id}) ${after} (${value}, ${cursor.id})`
    : Prisma.sql`${sort.expr} IS NOT NULL`;
  // Both parts, then the page's own order (at most twice the limit to sort): nulls after values. The
  // null part runs only when the rows with a value do not fill the page (a one-time filter skips it):
  // a planner that misjudges how many unknown values match would otherwise read the whole table for
  // it on every page, though only the last pages need it.
  return Prisma.sql`WITH valued AS MATERIALIZED ${valuedPart(condition)}
    SELECT * FROM (
      SELECT * FROM valued
      UNION ALL
      SELECT * FROM ${nullPart(Prisma.sql`TRUE`)} AS nulls WHERE (SELECT count(*) FROM valued) < ${limit}
    ) AS page
    ORDER BY page_part, sort_value ${dir}, ${Prisma.raw("page_id")} ${dir} LIMIT ${limit}`;
}
