// The /api/v1 router: one match hands the operation and its decoded path parameters to the handler,
// or gives the API's own answer (the request gate's tests check those answers on the wire).
import { describe, expect, it } from "vitest";
import { createApiRouter } from "./api-router";

const route = createApiRouter([
  { method: "get", path: "/campaigns", operationId: "list" },
  { method: "post", path: "/campaigns", operationId: "create" },
  { method: "get", path: "/campaigns/{id}", operationId: "get" },
  { method: "get", path: "/campaigns/{id}/leads/{leadId}", operationId: "lead" },
  { method: "get", path: "/accounts/{id}", operationId: "account" },
  { method: "post", path: "/accounts/hosted-link", operationId: "link" },
]);

describe("API router", () => {
  it("hands over the operation with its path parameters, percent-decoded", () => {
    expect(route("GET", "/api/v1/campaigns/cmp%201/leads/led_%C3%A9")).toEqual({
      kind: "operation",
      operation: expect.objectContaining({ operationId: "lead" }),
      params: { id: "cmp 1", leadId: "led_é" },
    });
    expect(route("POST", "/api/v1/campaigns")).toMatchObject({ kind: "operation", operation: { operationId: "create" }, params: {} });
  });

  it("prefers a literal segment over a parameter, whatever the order of the operations", () => {
    expect(route("POST", "/api/v1/accounts/hosted-link")).toMatchObject({ kind: "operation", operation: { operationId: "link" } });
    expect(route("GET", "/api/v1/accounts/hosted-link")).toMatchObject({ kind: "error", allow: "POST", error: { code: "method-not-allowed" } });
    expect(route("GET", "/api/v1/accounts/acc_1")).toMatchObject({ kind: "operation", params: { id: "acc_1" } });
  });

  it("answers unknown paths, empty parameters, trailing slashes, undecodable segments, other methods and OPTIONS", () => {
    expect(route("GET", "/api/v1/nothing")).toMatchObject({ kind: "error", error: { code: "not-found" } });
    expect(route("GET", "/api/v1/campaigns//leads/x")).toMatchObject({ kind: "error", error: { code: "not-found" } });
    expect(route("GET", "/api/v1/campaigns/")).toMatchObject({ kind: "error", error: { code: "not-found", message: expect.stringContaining("no trailing slash") } });
    expect(route("GET", "/api/v1/campaigns/%ff")).toMatchObject({ kind: "error", error: { code: "invalid-input", details: { fields: [{ field: "id" }] } } });
    expect(route("DELETE", "/api/v1/campaigns")).toMatchObject({ kind: "error", allow: "GET, POST", error: { details: { allow: ["GET", "POST"] } } });
    expect(route("OPTIONS", "/api/v1/campaigns")).toEqual({ kind: "answer", status: 204, allow: "GET, POST, OPTIONS" });
  });
});
