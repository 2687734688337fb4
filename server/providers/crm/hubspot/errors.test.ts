// HubSpot's refusals as the official client throws them (ApiException: code, body, headers), each
// read into the CrmError kind the sync acts on, in plain words.
import { ApiException } from "@hubspot/api-client/lib/codegen/crm/contacts/index.js";
import { describe, expect, it } from "vitest";
import { plainHubspotMessage, toCrmError, toCrmTokenError } from "./errors";

function thrown(code: number, body: unknown, headers: Record<string, string> = {}) {
  return new ApiException(code, "An error occurred.", body, headers);
}

describe("toCrmError", () => {
  it("a missing scope (403) is revoked: reconnecting grants it", () => {
    const error = toCrmError(thrown(403, { status: "error", message: "This app hasn't been granted all required scopes to make this call.", category: "MISSING_SCOPES" }), "create the deal");
    expect(error).toMatchObject({ kind: "revoked" });
    expect(error.message).toBe(
      "HubSpot did not allow Herald to create the deal: This app hasn't been granted all required scopes to make this call. Reconnect HubSpot in Settings → Integrations and grant the permissions it asks for.",
    );
  });

  it("any other 403 refuses the one call: the connection stays", () => {
    const error = toCrmError(thrown(403, { status: "error", message: "This portal does not have access to this feature.", category: "FORBIDDEN" }), "create the deal");
    expect(error).toMatchObject({ kind: "rejected", message: "HubSpot refused to create the deal: This portal does not have access to this feature." });
    expect(toCrmError(thrown(403, { status: "error", message: "Forbidden" }), "x").kind).toBe("rejected");
  });

  it("reads the wait from HubSpot's X-HubSpot-RateLimit-Interval-Milliseconds when there is no Retry-After", () => {
    const headers = { "x-hubspot-ratelimit-interval-milliseconds": "2000", "x-hubspot-ratelimit-max": "100", "x-hubspot-ratelimit-remaining": "0" };
    expect(toCrmError(thrown(429, { errorType: "RATE_LIMIT", policyName: "TEN_SECONDLY_ROLLING", message: "x" }, headers), "x").retryAfterSeconds).toBe(2);
    expect(toCrmError(thrown(429, { errorType: "RATE_LIMIT", policyName: "DAILY", message: "x" }, headers), "x").retryAfterSeconds).toBe(3600);
  });

  it("reads the wait from Retry-After, else from HubSpot's policy", () => {
    expect(toCrmError(thrown(429, { errorType: "RATE_LIMIT", policyName: "TEN_SECONDLY_ROLLING", message: "x" }, { "retry-after": "3" }), "x").retryAfterSeconds).toBe(3);
    expect(toCrmError(thrown(429, { errorType: "RATE_LIMIT", policyName: "TEN_SECONDLY_ROLLING", message: "x" }), "x").retryAfterSeconds).toBe(10);
    expect(toCrmError(thrown(429, { status: "error", message: "You have reached your secondly limit." }), "x").retryAfterSeconds).toBe(1);
    expect(toCrmError(thrown(429, { errorType: "RATE_LIMIT", policyName: "DAILY", message: "You have reached your daily limit." }), "x").retryAfterSeconds).toBe(3600);
  });

  it("a 5xx is unavailable, a 409 or other 4xx rejected, with HubSpot's words", () => {
    expect(toCrmError(thrown(503, "<html>Service Unavailable</html>"), "read the contacts")).toMatchObject({
      kind: "unavailable",
      message: "HubSpot failed while Herald tried to read the contacts (<html>Service Unavailable</html>); Herald will try again.",
    });
    expect(toCrmError(thrown(400, { status: "error", message: "", errors: [{ message: "limit must be at most 200" }] }), "look the contact up")).toMatchObject({
      kind: "rejected",
      message: "HubSpot refused to look the contact up: limit must be at most 200.",
    });
  });

  it("names every property HubSpot refused", () => {
    const details = [
      { isValid: false, message: 'Property "a" does not exist', name: "a" },
      { isValid: false, message: "x was not a valid number", name: "b" },
    ];
    expect(plainHubspotMessage({ message: `Property values were not valid: ${JSON.stringify(details)}` })).toBe('Property "a" does not exist; x was not a valid number');
  });
});

describe("toCrmTokenError", () => {
  it("HubSpot down during a refresh is unavailable, not a lost connection", () => {
    expect(toCrmTokenError(thrown(502, { status: "error", message: "Bad gateway" }), "refresh_token").kind).toBe("unavailable");
    expect(toCrmTokenError(new TypeError("fetch failed"), "refresh_token").kind).toBe("unavailable");
  });
});
