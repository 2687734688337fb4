// PostgreSQL cannot store the NUL character in text: a NUL in any input would reach the database
// and fail there as a 500. The API refuses it up front, naming every field that carries one.
import { HeraldError, type FieldIssue } from "../lib/errors";

const NUL = "\u0000";
const MESSAGE = "must not contain the NUL character (\\u0000)";

/** Dotted paths (under `prefix`) of every string or object key holding a NUL. Iterative: input may nest deeply. */
export function fieldsWithNul(value: unknown, prefix: string): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, prefix]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes(NUL)) found.push(path);
    } else if (current !== null && typeof current === "object") {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) found.push(childPath);
        else stack.push([child, childPath]);
      }
    }
  }
  return found.sort();
}

/** Throws 400 invalid-input naming each field (`body.name`, query `status`, path `id`) that holds a NUL. */
export function refuseNulCharacters(parts: { params?: unknown; query?: unknown; body?: unknown }): void {
  const fields = [
    ...fieldsWithNul(parts.params ?? {}, ""),
    ...fieldsWithNul(parts.query ?? {}, ""),
    ...(parts.body === undefined ? [] : fieldsWithNul(parts.body, "body")),
  ];
  if (!fields.length) return;
  const issues: FieldIssue[] = fields.map((field) => ({ field, message: MESSAGE }));
  const more = fields.length > 1 ? ` (and ${fields.length - 1} more)` : "";
  throw HeraldError.invalidInput(`Invalid ${fields[0]}: ${MESSAGE}${more}`, issues);
}
