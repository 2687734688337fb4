// Makes an example value from a JSON schema of the OpenAPI document, for the API reference's
// request and response examples: the schema's own example, default, const or first enum value
// where it has one, else a plausible value of its type. $refs resolve through the components;
// a schema that refers back to itself stops at the repeat.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
  format?: string;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
};

export type SchemaComponents = Record<string, JsonSchema>;

const STRING_FORMATS: Record<string, string> = {
  "date-time": "2026-11-21T09:30:00.000Z",
  date: "2026-11-21",
  email: "jane@example.com",
  uri: "https://example.com",
  url: "https://example.com",
  uuid: "3f1c2b7e-8a4d-4c3b-9e2f-1a2b3c4d5e6f",
};

/** Bounds worth telling a reader: zod's "any safe integer" bounds are noise, not a rule of the API. */
export function isMeaningfulBound(value: number | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER;
}

function firstType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== "null") ?? schema.type[0];
  return schema.type;
}

export function exampleFromSchema(schema: JsonSchema, components: SchemaComponents, seen: ReadonlySet<string> = new Set()): unknown {
  if (schema.$ref) {
    const name = schema.$ref.split("/").pop()!;
    if (seen.has(name) || !components[name]) return {};
    return exampleFromSchema(components[name], components, new Set([...seen, name]));
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleFromSchema(part, components, seen)).filter((part) => part && typeof part === "object"));
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const chosen = variants.find((variant) => firstType(variant) !== "null") ?? variants[0]!;
    return exampleFromSchema(chosen, components, seen);
  }
  const type = firstType(schema) ?? (schema.properties ? "object" : undefined);
  switch (type) {
    case "object": {
      const result: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) result[name] = exampleFromSchema(property, components, seen);
      if (!schema.properties && schema.additionalProperties && typeof schema.additionalProperties === "object") {
        result.key = exampleFromSchema(schema.additionalProperties, components, seen);
      }
      return result;
    }
    case "array":
      return schema.items ? [exampleFromSchema(schema.items, components, seen)] : [];
    case "string":
      return (schema.format && STRING_FORMATS[schema.format]) ?? "string";
    case "integer":
    case "number": {
      if (isMeaningfulBound(schema.minimum)) return schema.minimum;
      if (isMeaningfulBound(schema.exclusiveMinimum)) return schema.exclusiveMinimum + 1;
      if (isMeaningfulBound(schema.maximum)) return Math.min(schema.maximum, 1);
      return type === "integer" ? 1 : 1.5;
    }
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return null;
  }
}

/** The readable constraints of a field ("≥ 1", "at most 120 characters"), leaving out safe-integer noise. */
export function constraintNotes(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (isMeaningfulBound(schema.minimum)) notes.push(`≥ ${schema.minimum}`);
  if (isMeaningfulBound(schema.exclusiveMinimum)) notes.push(`> ${schema.exclusiveMinimum}`);
  if (isMeaningfulBound(schema.maximum)) notes.push(`≤ ${schema.maximum}`);
  if (isMeaningfulBound(schema.exclusiveMaximum)) notes.push(`< ${schema.exclusiveMaximum}`);
  if (isMeaningfulBound(schema.minLength) && schema.minLength > 0) notes.push(`at least ${schema.minLength} character${schema.minLength === 1 ? "" : "s"}`);
  if (isMeaningfulBound(schema.maxLength)) notes.push(`at most ${schema.maxLength} characters`);
  if (isMeaningfulBound(schema.minItems) && schema.minItems > 0) notes.push(`at least ${schema.minItems} item${schema.minItems === 1 ? "" : "s"}`);
  if (isMeaningfulBound(schema.maxItems)) notes.push(`at most ${schema.maxItems} items`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}
