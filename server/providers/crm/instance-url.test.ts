import { describe, expect, it } from "vitest";
import { instanceUrlProblem } from "./instance-url";

describe("a token answer's API address", () => {
  it("is accepted on the provider's own domains over https", () => {
    expect(instanceUrlProblem("pipedrive", "https://acme.pipedrive.com")).toBeNull();
    expect(instanceUrlProblem("salesforce", "https://acme.my.salesforce.com")).toBeNull();
    expect(instanceUrlProblem("salesforce", "https://na1.force.com/")).toBeNull();
  });

  it("is refused elsewhere, without https, with credentials or odd ports", () => {
    expect(instanceUrlProblem("pipedrive", "https://pipedrive.com.evil.test")).toMatch(/outside its own domains/);
    expect(instanceUrlProblem("salesforce", "https://evilsalesforce.com")).toMatch(/outside its own domains/);
    expect(instanceUrlProblem("salesforce", "http://acme.my.salesforce.com")).toMatch(/not https/);
    expect(instanceUrlProblem("pipedrive", "https://user:pw@acme.pipedrive.com")).toMatch(/unexpected/);
    expect(instanceUrlProblem("pipedrive", "https://acme.pipedrive.com:8443")).toMatch(/unexpected/);
    expect(instanceUrlProblem("pipedrive", "not a url")).toMatch(/not a URL/);
    expect(instanceUrlProblem("salesforce", "https://127.0.0.1")).toMatch(/outside/);
  });
});
