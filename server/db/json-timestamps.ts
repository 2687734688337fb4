// Rows read by raw statements (several tables in one round trip, some packed as JSON by to_jsonb),
// turned into the Prisma client's row types without a cast at each call: a model's row is checked
// to carry every column of the model, and JSON's text timestamps (the columns are `timestamp(3)`
// holding UTC, which `new Date(text)` would read as the host's local time) and numeric big integers
// are restored. Which columns a model has comes from the schema (generated/model-columns.ts,
// written by scripts/prisma-generate.mjs), not from lists kept by hand.
import type { Prisma } from "./generated/client";
import { MODEL_COLUMNS } from "./generated/model-columns";

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

type ModelName = keyof typeof MODEL_COLUMNS & Prisma.ModelName;

/** A model's row, as the Prisma client returns it (its scalar fields). */
export type ModelRow<M extends ModelName> = Prisma.TypeMap["model"][M]["payload"]["scalars"];

/** A raw statement's row (what $queryRaw returns, unchecked) as an object; anything else is a defect of the statement. */
export function objectRow(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("A raw statement returned a row that is not an object.");
  return value as Record<string, unknown>;
}

/** A raw statement's rows, or a JSON array column of objects (jsonb_agg(to_jsonb(…)); null is none). */
export function objectRows(value: unknown): Array<Record<string, unknown>> {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new Error("A raw statement returned rows that are not a list.");
  return value.map(objectRow);
}

/**
 * A model's row from a raw statement: its own columns (`t.*`) or packed as JSON (`to_jsonb(t)`).
 * Every column of the model must be there; timestamps given as text and big integers given as
 * numbers are turned back into Dates and bigints.
 */
export function modelRow<M extends ModelName>(model: M, value: unknown): ModelRow<M> {
  const row = { ...objectRow(value) };
  const { fields, timestamps, bigints } = MODEL_COLUMNS[model];
  const missing = fields.filter((field) => !(field in row));
  if (missing.length) throw new Error(`A raw statement's ${model} row lacks ${missing.join(", ")}.`);
  for (const name of timestamps) if (typeof row[name] === "string") row[name] = timestampFromJson(row[name]);
  for (const name of bigints) if (typeof row[name] === "number" || typeof row[name] === "string") row[name] = BigInt(row[name]);
  return row as ModelRow<M>;
}

/** A text column, or null. */
export function textOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
