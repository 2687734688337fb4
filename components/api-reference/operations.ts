// The OpenAPI document's operations as the API reference page lists them: grouped by tag, with
// request and response examples, and a search over path, summary and tag.
import { exampleFromSchema, type JsonSchema, type SchemaComponents } from "./example-from-schema";

export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  /** Empty for an operation that needs no API key. */
  security?: unknown[];
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

/** What the page sends for each operation: enough to list and search it; its details load on opening. */
export interface OperationSummary {
  method: string;
  path: string;
  tag: string;
  operationId: string;
  summary: string;
}

export interface OpenApiPaths {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: SchemaComponents };
}

function eachOperation(paths: OpenApiPaths["paths"]): Array<{ method: string; path: string; operation: OpenApiOperation }> {
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

/** The little of an operation a summary needs: the server's OpenAPI document type fits it as it is. */
type SummarySource = Record<string, Partial<Record<"get" | "post" | "put" | "patch" | "delete", { operationId?: string; summary?: string; tags?: string[] }>>>;

export function summarizeOperations(paths: SummarySource): OperationSummary[] {
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method as keyof typeof item];
      if (!operation?.operationId) return [];
      return [{ method, path, tag: operation.tags?.[0] ?? "Other", operationId: operation.operationId, summary: operation.summary ?? operation.operationId }];
    }),
  );
}

function toReferenceOperation(method: string, path: string, operation: OpenApiOperation, components: SchemaComponents): ReferenceOperation {
  const body = operation.requestBody?.content["application/json"]?.schema;
  const success = Object.entries(operation.responses).find(([status, response]) => status.startsWith("2") && response.content?.["application/json"]);
  return {
    method,
    path,
    tag: operation.tags?.[0] ?? "Other",
    operation,
    requestExample: body ? JSON.stringify(exampleFromSchema(body, components), null, 2) : null,
    response: success ? { status: success[0], example: JSON.stringify(exampleFromSchema(success[1].content!["application/json"]!.schema, components), null, 2) } : null,
  };
}

export function collectOperations(paths: OpenApiPaths["paths"], components: SchemaComponents): ReferenceOperation[] {
  return eachOperation(paths).map(({ method, path, operation }) => toReferenceOperation(method, path, operation, components));
}

/** One operation of the document with its examples, or null when the document has no such one. */
export function findReferenceOperation(document: OpenApiPaths, method: string, path: string): ReferenceOperation | null {
  const operation = document.paths[path]?.[method];
  return operation ? toReferenceOperation(method, path, operation, document.components?.schemas ?? {}) : null;
}

/** Whether every word of the query appears in the operation's method, path, summary, tag or id. */
export function matchesQuery(entry: OperationSummary, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [entry.method, `/api/v1${entry.path}`, entry.summary, entry.tag, entry.operationId].join(" ").toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function groupByTag<T extends { tag: string }>(entries: T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) groups.set(entry.tag, [...(groups.get(entry.tag) ?? []), entry]);
  return [...groups.entries()];
}
