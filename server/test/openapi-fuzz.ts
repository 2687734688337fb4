// Inputs for fuzzing the public API, derived from its OpenAPI document: a plausible request per
// operation (from examples, enums, formats and bounds) and seeded mutations of it, so a failure
// replays exactly.

// The OpenAPI document is walked as plain JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Schema = Record<string, any>;

/** mulberry32 (server/lib/seeded-random.ts): the same sequence for the same seed everywhere. */
export { mulberry32 as seededRandom } from "../lib/seeded-random";

export function resolveSchema(schema: Schema | undefined, document: Schema): Schema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const name = String(current.$ref).replace("#/components/schemas/", "");
    current = document.components.schemas[name] ?? {};
  }
  return current;
}

/** A value the schema accepts, as far as a schema says (refinements it cannot express aside). */
export function sampleFromSchema(schema: Schema | undefined, document: Schema, depth = 0): unknown {
  const resolved = resolveSchema(schema, document);
  if (depth > 8) return undefined;
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum) return resolved.enum[0];
  if (resolved.default !== undefined) return resolved.default;
  const choice = resolved.oneOf ?? resolved.anyOf ?? resolved.allOf;
  if (choice) return sampleFromSchema(choice[0], document, depth + 1);
  const type = Array.isArray(resolved.type) ? resolved.type.find((name: string) => name !== "null") : resolved.type;
  switch (type) {
    case "object": {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(resolved.properties ?? {})) {
        if (!(resolved.required ?? []).includes(name) && depth > 0) continue;
        const sample = sampleFromSchema(property as Schema, document, depth + 1);
        if (sample !== undefined) value[name] = sample;
      }
      return value;
    }
    case "array": {
      const item = sampleFromSchema(resolved.items, document, depth + 1);
      return item === undefined ? [] : Array.from({ length: Math.max(1, resolved.minItems ?? 1) }, () => item);
    }
    case "string":
      if (resolved.format === "email") return "ada@example.com";
      // Loopback: resolvable offline, and refused quickly when something calls it.
      if (resolved.format === "uri" || resolved.format === "url") return "http://127.0.0.1:9/hook";
      if (resolved.format === "date-time") return "2026-03-02T09:00:00.000Z";
      return "x".repeat(Math.max(1, resolved.minLength ?? 1));
    case "integer":
    case "number":
      return resolved.minimum ?? 1;
    case "boolean":
      return true;
    default:
      return undefined;
  }
}

const UNICODE = ["Zoë 🚀 naïve", "\u202eevil\u202c", "e\u0301\u0301\u0301", "\ud800", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "\uffff\ufeff", "日本語テキスト", "\u0000start"];
const WRONG_TYPES: unknown[] = [null, 0, -1, 1.5, 1e308, -9007199254740993, true, "", "string", [], [1, "a"], {}, { nested: { deeper: [null] } }];

export function deeplyNested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
}

export function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)]!;
}

/** A random JSON value of any type, strings included unicode and huge ones. */
export function randomValue(random: () => number): unknown {
  const roll = random();
  if (roll < 0.3) return pick(random, WRONG_TYPES);
  if (roll < 0.5) return pick(random, UNICODE);
  if (roll < 0.6) return "y".repeat(Math.floor(random() * 100_000));
  if (roll < 0.7) return deeplyNested(Math.floor(random() * 500));
  if (roll < 0.85) return Math.floor((random() - 0.5) * 2 ** 40);
  return { [pick(random, ["name", "id", "__proto__", "constructor", ""])]: pick(random, UNICODE) };
}

export const FUZZ_STRINGS = { unicode: UNICODE, wrongTypes: WRONG_TYPES };
