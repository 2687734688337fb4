// Writing a typed value into a Prisma Json column. TypeScript cannot see that an interface such as
// WiredSequence is JSON (interfaces have no index signature), so the value goes through JSON and a
// zod check once, instead of a double cast at each write. Undefined fields drop out, as Prisma
// would drop them.
import { z } from "zod";
import type { Prisma } from "../db/client";

const ZJsonObject = z.record(z.string(), z.json());

/** A JSON object: what Prisma accepts for a Json column, and what it reads back. */
export type JsonObject = z.infer<typeof ZJsonObject>;

export function toJsonColumn(value: object): JsonObject {
  const plain: unknown = JSON.parse(JSON.stringify(value));
  return ZJsonObject.parse(plain);
}

/**
 * Reads a Json column with its schema, once per value: Prisma hands out a fresh object per row
 * read, so the parsed result is kept beside that object for as long as the row is in use.
 */
export function jsonColumnReader<T>(schema: z.ZodType<T>, column: string): (value: Prisma.JsonValue) => T {
  const parsed = new WeakMap<object, T>();
  return (value) => {
    if (value !== null && typeof value === "object") {
      const known = parsed.get(value);
      if (known !== undefined) return known;
    }
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(`The stored ${column} does not have its expected shape: ${result.error.message}`);
    if (value !== null && typeof value === "object") parsed.set(value, result.data);
    return result.data;
  };
}
