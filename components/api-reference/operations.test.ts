import { describe, expect, it } from "vitest";
import { collectOperations, findReferenceOperation, groupByTag, matchesQuery, summarizeOperations } from "./operations";

const paths = {
  "/campaigns/{id}/leads": {
    post: {
      operationId: "addCampaignLeads",
      summary: "Add leads to a campaign",
      tags: ["Campaigns"],
      requestBody: { content: { "application/json": { schema: { type: "object", properties: { leads: { type: "array", items: { type: "object", properties: { email: { type: "string", format: "email" } } } } } } } } },
      responses: { "200": { description: "Success", content: { "application/json": { schema: { type: "object", properties: { added: { type: "integer" } } } } } }, "400": { description: "Invalid" } },
    },
    parameters: [],
  },
  "/webhooks": { get: { operationId: "listWebhooks", summary: "List webhook endpoints", tags: ["Webhooks"], responses: { "204": { description: "None" } } } },
};

describe("collectOperations", () => {
  const operations = collectOperations(paths as never, {});
  it("lists each operation with a request and a success response example", () => {
    expect(operations.map((entry) => `${entry.method} ${entry.path}`)).toEqual(["post /campaigns/{id}/leads", "get /webhooks"]);
    expect(JSON.parse(operations[0]!.requestExample!)).toEqual({ leads: [{ email: "jane@example.com" }] });
    expect(operations[0]!.response).toEqual({ status: "200", example: JSON.stringify({ added: 1 }, null, 2) });
    expect(operations[1]!.requestExample).toBeNull();
    expect(operations[1]!.response).toBeNull();
    expect(groupByTag(operations).map(([tag]) => tag)).toEqual(["Campaigns", "Webhooks"]);
  });

  it("finds operations by path, summary, method and tag, every word counting", () => {
    const summaries = summarizeOperations(paths as never);
    const ids = (query: string) => summaries.filter((entry) => matchesQuery(entry, query)).map((entry) => entry.operationId);
    expect(ids("")).toHaveLength(2);
    expect(ids("/api/v1/webhooks")).toEqual(["listWebhooks"]);
    expect(ids("LEADS campaign")).toEqual(["addCampaignLeads"]);
    expect(ids("post webhooks")).toEqual([]);
    expect(ids("webhooks")).toEqual(["listWebhooks"]);
  });

  it("sends the page only a summary of each operation, and finds one operation's details by method and path", () => {
    expect(summarizeOperations(paths as never)).toEqual([
      { method: "post", path: "/campaigns/{id}/leads", tag: "Campaigns", operationId: "addCampaignLeads", summary: "Add leads to a campaign" },
      { method: "get", path: "/webhooks", tag: "Webhooks", operationId: "listWebhooks", summary: "List webhook endpoints" },
    ]);
    expect(findReferenceOperation({ paths: paths as never }, "post", "/campaigns/{id}/leads")).toEqual(operations[0]);
    expect(findReferenceOperation({ paths: paths as never }, "delete", "/webhooks")).toBeNull();
  });
});
