import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document";

const API_ROOT = path.resolve(import.meta.dirname, "../../app/api/v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** The catch-all that answers unknown endpoints with a JSON 404 is not an operation. */
const NOT_OPERATIONS = new Set(["/[...path]"]);

function routeFiles(dir: string, prefix = ""): Array<{ file: string; route: string }> {
  const found: Array<{ file: string; route: string }> = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...routeFiles(full, `${prefix}/${entry}`));
    else if (entry === "route.ts") found.push({ file: full, route: prefix || "/" });
  }
  return found;
}

function exportedMethods(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return METHODS.filter((method) =>
    new RegExp(`export\\s+(const|async function|function)\\s+${method}\\b|export\\s*\\{[^}]*\\b${method}\\b`).test(source),
  );
}

describe("OpenAPI document", () => {
  const document = buildOpenApiDocument() as unknown as { openapi: string; paths: Record<string, Record<string, unknown>> };

  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("has an operation for every route under app/api/v1", () => {
    const missing: string[] = [];
    const routes = routeFiles(API_ROOT).filter(({ route }) => !NOT_OPERATIONS.has(route));
    expect(routes.length).toBeGreaterThan(0);
    for (const { file, route } of routes) {
      const openApiPath = route.replace(/\[([^\]]+)\]/g, "{$1}");
      for (const method of exportedMethods(file)) {
        if (!document.paths[openApiPath]?.[method.toLowerCase()]) missing.push(`${method} ${openApiPath}`);
      }
    }
    expect(missing, "routes without an OpenAPI operation").toEqual([]);
  });

  it("has a route for every operation", () => {
    const routes = new Map(routeFiles(API_ROOT).map(({ file, route }) => [route.replace(/\[([^\]]+)\]/g, "{$1}"), file]));
    const orphans: string[] = [];
    for (const [openApiPath, item] of Object.entries(document.paths)) {
      const file = routes.get(openApiPath);
      for (const method of Object.keys(item)) {
        if (!file || !exportedMethods(file).includes(method.toUpperCase())) orphans.push(`${method.toUpperCase()} ${openApiPath}`);
      }
    }
    expect(orphans, "operations without a route").toEqual([]);
  });

  it("gives counts and limits their real bounds, never the safe-integer range zod's int() implies", () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(text).not.toContain(String(Number.MIN_SAFE_INTEGER));
    const listCampaigns = (document.paths["/campaigns"]!.get as { parameters: Array<{ name: string; schema: { minimum?: number; maximum?: number } }> });
    const limit = listCampaigns.parameters.find((parameter) => parameter.name === "limit")!;
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 100 });
  });

  it("documents the request size limit, 405 with Allow and OPTIONS", () => {
    const description = buildOpenApiDocument().info.description;
    expect(description).toMatch(/at most 1 MB of JSON/);
    expect(description).toMatch(/413 `payload-too-large`/);
    expect(description).toMatch(/405 `method-not-allowed`/);
    expect(description).toMatch(/`OPTIONS` answers 204 with `Allow`/);
  });
});
