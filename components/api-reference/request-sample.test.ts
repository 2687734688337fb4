import { describe, expect, it } from "vitest";
import { curlSample, tryItAddress, TryItAddressError } from "./request-sample";

const origin = "https://herald.example.com";

describe("curl samples", () => {
  it("names the method, this instance's address, the key and the JSON body, quoted for the shell", () => {
    const sample = curlSample({
      origin,
      method: "post",
      path: "/campaigns/{id}/leads",
      operation: { parameters: [{ name: "X-Herald-Workspace", in: "header", schema: {} }] },
      body: '{\n  "note": "it\'s fine"\n}',
    });
    expect(sample).toBe(
      [
        "curl -X POST 'https://herald.example.com/api/v1/campaigns/{id}/leads'",
        '-H "Authorization: Bearer $HERALD_API_KEY"',
        "-H 'Content-Type: application/json'",
        "-d '{\n  \"note\": \"it'\\''s fine\"\n}'",
      ].join(" \\\n  "),
    );
  });

  it("leaves out the key for a public operation and the body for a GET", () => {
    expect(curlSample({ origin, method: "get", path: "/openapi.json", operation: { security: [] }, body: null })).toBe(
      "curl -X GET 'https://herald.example.com/api/v1/openapi.json'",
    );
  });
});

describe("Try it addresses", () => {
  it("fills path parameters encoded and adds the query's filled values", () => {
    expect(tryItAddress({ origin, path: "/campaigns/{id}/leads", pathValues: { id: "cmp 1/2" }, query: { limit: "5", offset: "" } })).toBe(
      "/api/v1/campaigns/cmp%201%2F2/leads?limit=5",
    );
  });

  it("refuses a missing value and any value that would leave the operation's path", () => {
    expect(() => tryItAddress({ origin, path: "/campaigns/{id}", pathValues: {}, query: {} })).toThrow(new TryItAddressError("Fill in id."));
    expect(() => tryItAddress({ origin, path: "/campaigns/{id}", pathValues: { id: ".." }, query: {} })).toThrow(TryItAddressError);
    expect(() => tryItAddress({ origin, path: "/campaigns/{id}", pathValues: { id: "." }, query: {} })).toThrow(TryItAddressError);
    // Encoded, a value stays one path segment: no other host, no other prefix.
    expect(tryItAddress({ origin, path: "/campaigns/{id}", pathValues: { id: "//evil.example.com/x" }, query: {} })).toBe("/api/v1/campaigns/%2F%2Fevil.example.com%2Fx");
    expect(tryItAddress({ origin, path: "/campaigns/{id}", pathValues: { id: "%2e%2e" }, query: {} })).toBe("/api/v1/campaigns/%252e%252e");
  });
});
