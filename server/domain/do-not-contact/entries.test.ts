import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { doNotContactRefusal, entryHash, normalizeEntryValue, personKeys } from "./entries";

describe("normalizeEntryValue", () => {
  it.each([
    ["email", "  Ada@Example.ORG ", "ada@example.org"],
    ["email", "ada@münchen.de", "ada@xn--mnchen-3ya.de"],
    ["email", "not an address", null],
    ["email", "@example.org", null],
    ["domain", "@Example.org", "example.org"],
    ["domain", "https://www.acme.com/about?x=1", "acme.com"],
    ["domain", "München.de", "xn--mnchen-3ya.de"],
    ["domain", "localhost", null],
    ["domain", "exa mple.com", null],
    ["linkedin", "https://www.linkedin.com/in/Jane-Doe/", "jane-doe"],
    ["linkedin", "jane-doe", "jane-doe"],
    ["linkedin", "https://example.com/jane", null],
    ["company", "  Acme   Corp ", "acme corp"],
    ["company", "   ", null],
  ] as const)("%s %j → %j", (kind, raw, expected) => {
    expect(normalizeEntryValue(kind, raw)).toBe(expected);
  });
});

describe("entryHash", () => {
  it("is the hex SHA-256 of kind:value, as Node computes it (the browser gets the same)", () => {
    expect(entryHash("email", "ada@example.org")).toBe(createHash("sha256").update("email:ada@example.org").digest("hex"));
    expect(entryHash("domain", "example.org")).not.toBe(entryHash("company", "example.org"));
  });
});

describe("personKeys", () => {
  it("looks a person up by address, its domain, the LinkedIn profile and the company, each normalized", () => {
    const keys = personKeys({ email: "Ada@Acme.com", profileUrl: "https://www.linkedin.com/in/ada-l", company: " ACME  Corp" });
    expect(keys.map((key) => [key.kind, key.value])).toEqual([
      ["email", "ada@acme.com"],
      ["domain", "acme.com"],
      ["linkedin", "ada-l"],
      ["company", "acme corp"],
    ]);
    expect(keys[0]!.hash).toBe(entryHash("email", "ada@acme.com"));
  });

  it("prefers the stored public identifier and leaves out what the person lacks", () => {
    expect(personKeys({ publicIdentifier: "Ada-L", profileUrl: "https://www.linkedin.com/in/other" }).map((key) => key.value)).toEqual(["ada-l"]);
    expect(personKeys({ email: "nonsense", company: null })).toEqual([]);
  });
});

describe("doNotContactRefusal", () => {
  it("names the listed value, or says the person was erased when only the hash is left", () => {
    expect(doNotContactRefusal({ kind: "domain", value: "acme.com" })).toBe("The domain acme.com is on the do-not-contact list: Herald takes no step towards this person");
    expect(doNotContactRefusal({ kind: "email", value: null })).toMatch(/^This person was erased on request/);
  });
});
