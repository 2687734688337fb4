import { describe, expect, it } from "vitest";
import { LinkedinProviderError } from "../types";
import { checkpointPhone, connectionDegree, planOf, profileIdentifier, unipileProxy } from "./mappers";
import { ownProfile } from "../../../test/fakes/unipile/fixtures";

describe("profileIdentifier", () => {
  it.each([
    ["jane-doe", "jane-doe"],
    ["ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E", "ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E"],
    ["https://www.linkedin.com/in/jane-doe/", "jane-doe"],
    ["https://fr.linkedin.com/in/jos%C3%A9-garc%C3%ADa?trk=x", "josé-garcía"],
    ["linkedin.com/in/jane-doe", "jane-doe"],
    ["https://www.linkedin.com/sales/lead/ACwAAB123,NAME_SEARCH,Xy12", "ACwAAB123"],
  ])("reads %s as %s", (input, expected) => {
    expect(profileIdentifier(input)).toBe(expected);
  });

  it("refuses a LinkedIn URL that names no person", () => {
    expect(() => profileIdentifier("https://www.linkedin.com/company/acme")).toThrow(LinkedinProviderError);
  });
});

describe("connectionDegree", () => {
  it("reads profile and search distances", () => {
    expect(["FIRST_DEGREE", "DISTANCE_2", "THIRD_DEGREE", "OUT_OF_NETWORK", "SELF", null].map(connectionDegree)).toEqual([1, 2, 3, 3, null, null]);
  });
});

describe("planOf", () => {
  it("prefers Recruiter, then Sales Navigator, then Premium", () => {
    const none = { ...ownProfile, premium: false, recruiter: null, sales_navigator: null };
    expect(planOf(none)).toBe("free");
    expect(planOf({ ...none, premium: true })).toBe("premium");
    expect(planOf({ ...none, sales_navigator: { owner_seat_id: "1", contract_id: "2" } })).toBe("sales_navigator");
    expect(planOf({ ...none, sales_navigator: { error: "DISCONNECTED" } })).toBe("free");
    expect(planOf({ ...none, recruiter: { owner_seat_id: "1", contract_id: "3" }, sales_navigator: { owner_seat_id: "1", contract_id: "2" } })).toBe("recruiter");
  });
});

describe("unipileProxy", () => {
  it("splits a proxy URL and defaults the port by protocol", () => {
    expect(unipileProxy("http://user:pa%3Ass@10.0.0.5:8080")).toEqual({ protocol: "http", host: "10.0.0.5", port: 8080, username: "user", password: "pa:ss" });
    expect(unipileProxy("https://proxy.example.com")).toEqual({ protocol: "https", host: "proxy.example.com", port: 443 });
    expect(unipileProxy("socks5://[2001:db8::1]:1080")).toEqual({ protocol: "socks5", host: "2001:db8::1", port: 1080 });
  });

  it("refuses what Unipile cannot use", () => {
    expect(() => unipileProxy("not a url")).toThrow(/proxy.url/);
    expect(() => unipileProxy("ftp://proxy.example.com")).toThrow(/ftp/);
  });
});

describe("checkpointPhone", () => {
  it.each([
    ["+33612345678", "(+33)612345678"],
    ["+1 415 555 0100", "(+1)4155550100"],
    ["+7 912 345-67-89", "(+7)9123456789"],
    ["+44 7700 900123", "(+44)7700900123"],
    ["+353 85 123 4567", "(+353)851234567"],
    ["+971501234567", "(+971)501234567"],
    ["0033612345678", "(+33)612345678"],
    ["(+33)0612345678", "(+33)0612345678"],
  ])("writes %s as %s", (input, expected) => {
    expect(checkpointPhone(input)).toBe(expected);
  });

  it("refuses a number without its country code", () => {
    expect(() => checkpointPhone("0612345678")).toThrow(/international/);
  });
});
