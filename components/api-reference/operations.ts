// The OpenAPI document's operations as the API reference page lists them: grouped by tag, with
// request and response examples, and a search over path, summary and tag.
import { exampleFromSchema, type JsonSchema, type SchemaComponents } from "./example-from-schema";

export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface ReferenceOperation {
  method: string;
  path: string;
  tag: string;
  operation: OpenApiOperation;
  requestExample: string | null;
  response: { status: string; example: string } | null;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

export function collectOperations(paths: Record<string, Record<string, OpenApiOperation>>, components: SchemaComponents): ReferenceOperation[] {
  const result: ReferenceOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const body = operation.requestBody?.content["application/json"]?.schema;
      const success = Object.entries(operation.responses).find(([status, response]) => status.startsWith("2") && response.content?.["application/json"]);
      result.push({
        method,
        path,
        tag: operation.tags?.[0] ?? "Other",
        operation,
        requestExample: body ? JSON.stringify(exampleFromSchema(body, components), null, 2) : null,
        response: success ? { status: success[0], example: JSON.stringify(exampleFromSchema(success[1].content!["application/json"]!.schema, components), null, 2) } : null,
      });
    }
  }
  return result;
}

/** Whether every word of the query appears in the operation's method, path, summary, tag or id. */
export function matchesQuery(entry: Pick<ReferenceOperation, "method" | "path" | "tag" | "operation">, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [entry.method, `/api/v1${entry.path}`, entry.operation.summary ?? "", entry.tag, entry.operation.operationId].join(" ").toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function groupByTag<T extends { tag: string }>(entries: T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) groups.set(entry.tag, [...(groups.get(entry.tag) ?? []), entry]);
  return [...groups.entries()];
}
