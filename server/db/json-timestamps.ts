// Rows packed as JSON (to_jsonb, to read several tables in one round trip) carry their timestamps as
// text without an offset: the columns are `timestamp(3)` holding UTC, which `new Date(text)` would
// read as the host's local time.

/** A `timestamp` column's JSON text as the UTC moment it holds. */
export function timestampFromJson(text: string): Date {
  return new Date(/(z|[+-]\d\d(:?\d\d)?)$/i.test(text) ? text : `${text}Z`);
}

/** A row read from JSON with its named timestamp columns turned back into Dates. */
export function rowFromJson<T>(json: Record<string, unknown>, timestampColumns: readonly string[]): T {
  const row = { ...json };
  for (const name of timestampColumns) if (typeof row[name] === "string") row[name] = timestampFromJson(row[name]);
  return row as T;
}
