// The documented part of each Unipile behaviour its documentation does not settle (docs/unipile.md,
// "Verify with a live account"); the rest is for an operator with a live account to check.
import { describe, expect, it } from "vitest";
import { checkpointPhone, profileIdentifier, providerCheckpoint } from "./mappers";
import { hostedLinkProviders, searchPageRequest, tryAnotherWayCode } from "./unsettled";

describe("Unipile behaviours to verify with a live account: their documented part", () => {
  it("TRY_ANOTHER_WAY is the checkpoint code documented for leaving in-app validation", () => {
    expect(tryAnotherWayCode()).toBe("TRY_ANOTHER_WAY");
    expect(providerCheckpoint({ type: "IN_APP_VALIDATION", source: null }).canTryAnotherWay).toBe(true);
  });

  it("a PHONE_REGISTER answer in the documented example's form is sent unchanged", () => {
    expect(providerCheckpoint({ type: "PHONE_REGISTER", source: null }).input).toBe("phone");
    expect(checkpointPhone("(+33)0612345678")).toBe("(+33)0612345678");
  });

  it("a hosted link offers LinkedIn as its provider", () => {
    expect(hostedLinkProviders()).toEqual(["LINKEDIN"]);
  });

  it("GET /users/{identifier} is given a public identifier or a provider id, a Sales Navigator lead's id included", () => {
    expect(profileIdentifier("https://www.linkedin.com/in/jane-doe/")).toBe("jane-doe");
    expect(profileIdentifier("ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E")).toBe("ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E");
    expect(profileIdentifier("https://www.linkedin.com/sales/lead/ACwAAB123,NAME_SEARCH,Xy12")).toBe("ACwAAB123");
  });

  it("a search page sends account_id, limit and cursor in the query, and the search URL in the body", () => {
    const url = "https://www.linkedin.com/search/results/people/?keywords=cto";
    expect(searchPageRequest({ providerAccountId: "acc", searchUrl: url, limit: 50 })).toEqual({ query: { account_id: "acc", limit: 50, cursor: undefined }, json: { url } });
    expect(searchPageRequest({ providerAccountId: "acc", searchUrl: url, cursor: "c2", limit: 50 })).toEqual({ query: { account_id: "acc", limit: 50, cursor: "c2" }, json: { url } });
  });
});
