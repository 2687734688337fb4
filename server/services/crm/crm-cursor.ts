// Where an incremental read got to: the (time, id) of the last row handled, as "<ISO time>|<id>".
// Rows are read in (time, id) order after it, so a read resumes exactly where it stopped.

export interface CrmCursor {
  at: Date;
  id: string;
}

export function formatCrmCursor(cursor: CrmCursor): string {
  return `${cursor.at.toISOString()}|${cursor.id}`;
}

export function parseCrmCursor(value: unknown): CrmCursor | null {
  if (typeof value !== "string") return null;
  const [at, id] = value.split("|");
  const date = at ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) && id ? { at: date, id } : null;
}

/** A Prisma `where` for rows after the cursor by (`timeField`, id). */
export function afterCursor<F extends string>(timeField: F, cursor: CrmCursor | null): Record<string, unknown> {
  if (!cursor) return {};
  return { OR: [{ [timeField]: { gt: cursor.at } }, { [timeField]: cursor.at, id: { gt: cursor.id } }] };
}
