import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import type { ApiOperation } from "../http/api-operation";
import { errorCodes, errorCodeToHttpStatus, type ErrorCode } from "../lib/errors";
import { buildOpenApiDocument } from "./document";
import { operations } from "./operations";

describe("OpenAPI document", () => {
  const document = buildOpenApiDocument();
  const paths = document.paths ?? {};

  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("gives counts and limits their real bounds, never the safe-integer range zod's int() implies", () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(text).not.toContain(String(Number.MIN_SAFE_INTEGER));
    const parameters = paths["/campaigns"]?.get?.parameters ?? [];
    const limit = parameters.find((parameter) => "name" in parameter && parameter.name === "limit");
    expect(limit && "schema" in limit ? limit.schema : undefined).toMatchObject({ minimum: 1, maximum: 100 });
  });

  it("documents the request size limit, 405 with Allow and OPTIONS", () => {
    const description = buildOpenApiDocument().info.description;
    expect(description).toMatch(/at most 1 MB of JSON/);
    expect(description).toMatch(/413 `payload-too-large`/);
    expect(description).toMatch(/405 `method-not-allowed`/);
    expect(description).toMatch(/`OPTIONS` answers 204 with `Allow`/);
  });
});

describe("OpenAPI error responses", () => {
  const document = buildOpenApiDocument();

  function errorResponses(operation: ApiOperation) {
    const responses = document.paths?.[operation.path]?.[operation.method]?.responses ?? {};
    return Object.entries(responses).filter(([status]) => Number(status) >= 400);
  }

  it("lists, under each error status of every operation, the codes answered with it", () => {
    const exceptions = (operation: ApiOperation, status: number) =>
      operation.statusException?.status === status ? operation.statusException.codes : [];
    for (const operation of operations) {
      const responses = errorResponses(operation);
      expect(responses.length, operation.operationId).toBeGreaterThan(0);
      for (const [status, response] of responses) {
        const codes: ErrorCode[] = "x-error-codes" in response ? response["x-error-codes"] : [];
        expect(codes.length, `${operation.operationId} ${status}`).toBeGreaterThan(0);
        for (const code of codes) {
          const documented = errorCodeToHttpStatus[code] === Number(status) || exceptions(operation, Number(status)).includes(code);
          expect(documented, `${operation.operationId} ${status} ${code}`).toBe(true);
          expect(response.description).toContain(`\`${code}\``);
        }
      }
    }
  });

  it("names every code an operation declares, and the ones all operations share", () => {
    for (const operation of operations) {
      const listed = new Set(errorResponses(operation).flatMap(([, response]) => ("x-error-codes" in response ? response["x-error-codes"] : [])));
      for (const code of [...(operation.errors ?? []), "internal"]) expect(listed, operation.operationId).toContain(code);
      if (operation.authenticated !== false) {
        expect(listed, operation.operationId).toContain("unauthorized");
        expect(listed, operation.operationId).toContain("rate-limited");
      }
    }
  });

  it("lists `forbidden` under 403 wherever an approver's key is refused, and not on the conversations", () => {
    const codesAt403 = (operationId: string) => {
      const operation = operations.find((candidate) => candidate.operationId === operationId)!;
      const response = Object.fromEntries(errorResponses(operation))["403"];
      return response && "x-error-codes" in response ? response["x-error-codes"] : [];
    };
    expect(codesAt403("listCampaigns")).toContain("forbidden");
    expect(codesAt403("listConversations")).not.toContain("forbidden");
  });

  it("documents a sender connect's codes with their statuses, automatic login's 400 included", () => {
    const connect = Object.fromEntries(errorResponses(operations.find((operation) => operation.operationId === "connectSender")!));
    const codesAt = (status: string) => connect[status]?.["x-error-codes"];
    expect(codesAt("409")).toEqual(expect.arrayContaining(["already-connected", "no-plan", "seat-limit-reached"]));
    expect(codesAt("429")).toContain("rate-limited");
    expect(codesAt("503")).toEqual(expect.arrayContaining(["provider-timeout", "provider-unreachable"]));
    expect(codesAt("400")).toEqual(expect.arrayContaining(["invalid-credentials", "invalid-totp-secret", "rate-limited", "provider-timeout"]));
  });

  it("gives the shared error schema the closed set of codes", () => {
    const schema = document.components?.schemas?.Error;
    expect(JSON.stringify(schema)).toContain('"seat-limit-reached"');
    for (const code of errorCodes) expect(JSON.stringify(schema)).toContain(`"${code}"`);
  });
});
