// The registry serves exactly the operations of the OpenAPI document: each has one handler, each
// handler is an operation's, so no documented endpoint is missing and none is served undocumented.
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document";
import { operations } from "./operations";
import { apiHandlers, apiHandlersById, servedOperations } from "./registry";

describe("API registry", () => {
  it("has exactly one handler for every operation of the document, and no other", () => {
    const handled = apiHandlers.map((handler) => handler.operation.operationId);
    const duplicates = handled.filter((id, index) => handled.indexOf(id) !== index);
    expect(duplicates, "operations with more than one handler").toEqual([]);
    const documented = operations.map((operation) => operation.operationId);
    expect(documented.filter((id) => !apiHandlersById.has(id)), "operations without a handler").toEqual([]);
    expect(handled.filter((id) => !documented.includes(id)), "handlers of no operation").toEqual([]);
    // The very operation objects the document is built from, not look-alikes.
    for (const operation of operations) expect(apiHandlersById.get(operation.operationId)?.operation, operation.operationId).toBe(operation);
  });

  it("routes every method and path of the OpenAPI document, and only those", () => {
    const paths = buildOpenApiDocument().paths ?? {};
    const documented = Object.entries(paths).flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`));
    const served = servedOperations.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`);
    expect(served.sort()).toEqual(documented.sort());
    expect(served.length).toBeGreaterThan(90);
  });
});
