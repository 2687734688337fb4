import type { z } from "zod";
import { HeraldError, type FieldIssue } from "./errors";

/** Turns zod issues into field issues whose `field` names the offending input, e.g. `steps.2.type`. */
export function fieldIssues(error: z.ZodError, prefix?: string): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    const field = [prefix, path].filter(Boolean).join(".") || (prefix ?? "body");
    return { field, message: issue.message };
  });
}

export function invalidInputFromZod(error: z.ZodError, prefix?: string): HeraldError {
  const fields = fieldIssues(error, prefix);
  const first = fields[0];
  const message = first ? `Invalid ${first.field}: ${first.message}` : "Invalid input";
  return HeraldError.invalidInput(fields.length > 1 ? `${message} (and ${fields.length - 1} more)` : message, fields);
}

/** The value parsed by the schema, or the 400 naming each offending field (for services called with unparsed input). */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInputFromZod(result.error);
  return result.data;
}
