import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/openapi/document";
import { constraintNotes, exampleFromSchema, type JsonSchema, type SchemaComponents } from "./example-from-schema";

const components: SchemaComponents = {
  Lead: {
    type: "object",
    properties: {
      id: { type: "string", example: "led_1" },
      email: { anyOf: [{ type: "string", format: "email" }, { type: "null" }] },
      status: { type: "string", enum: ["pending", "done"] },
      score: { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 },
      limit: { type: "integer", minimum: 1, maximum: 100, default: 50 },
      createdAt: { type: "string", format: "date-time" },
      tags: { type: "array", items: { type: "string" } },
      variables: { type: "object", additionalProperties: { type: "string" } },
      parent: { $ref: "#/components/schemas/Lead" },
    },
  },
};

describe("exampleFromSchema", () => {
  it("walks a schema through $refs into a plausible example, stopping where it refers back to itself", () => {
    expect(exampleFromSchema({ type: "object", properties: { data: { $ref: "#/components/schemas/Lead" } } }, components)).toEqual({
      data: {
        id: "led_1",
        email: "jane@example.com",
        status: "pending",
        score: 1,
        limit: 50,
        createdAt: "2026-11-21T09:30:00.000Z",
        tags: ["string"],
        variables: { key: "string" },
        parent: {},
      },
    });
  });

  it("gives an example for every request body and 2xx response of Herald's own document", () => {
    // The document as the reference page receives it: JSON.
    const document: {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> }; responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>>;
      components: { schemas: SchemaComponents };
    } = JSON.parse(JSON.stringify(buildOpenApiDocument()));
    let count = 0;
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) {
        const schemas = [operation.requestBody?.content["application/json"]?.schema, ...Object.entries(operation.responses).filter(([status]) => status.startsWith("2")).map(([, response]) => response.content?.["application/json"]?.schema)];
        for (const schema of schemas) {
          if (!schema) continue;
          const text = JSON.stringify(exampleFromSchema(schema, document.components.schemas));
          expect(text).not.toContain("9007199254740991");
          count += 1;
        }
      }
    }
    expect(count).toBeGreaterThan(30);
  });
});

describe("constraintNotes", () => {
  it("shows real bounds and leaves out the safe-integer ones", () => {
    expect(constraintNotes({ type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 })).toEqual([]);
    expect(constraintNotes({ type: "integer", minimum: 1, maximum: 100, default: 50 })).toEqual(["≥ 1", "≤ 100", "default 50"]);
    expect(constraintNotes({ type: "string", minLength: 1, maxLength: 120 })).toEqual(["at least 1 character", "at most 120 characters"]);
  });
});
