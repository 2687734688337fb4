import { describe, expect, it } from "vitest";
import { fieldsUserMaySet, mergeProviderProfile, profileFieldViews, providerOwns, readProviderProfile } from "./merge-provider-profile";

const AT = new Date("2026-03-02T10:00:00Z");
const LATER = new Date("2026-03-09T10:00:00Z");
const profile = { firstName: "Jane", lastName: "Doe", headline: "CTO at Acme Corp", jobTitle: "CTO", company: "Acme Corp", location: "Paris", picture: "https://example.com/jane.jpg" };

describe("mergeProviderProfile", () => {
  it("keeps every value the user gave and fills only what is empty", () => {
    const lead = { firstName: "Janet", lastName: null, company: "Acme", headline: "", providerProfile: null };
    const { fields, providerProfile } = mergeProviderProfile(lead, profile, AT);
    expect(fields.firstName).toBe("Janet");
    expect(fields.company).toBe("Acme");
    expect(fields.lastName).toBe("Doe");
    expect(fields.headline).toBe("CTO at Acme Corp");
    expect(providerProfile.values.company).toBe("Acme Corp");
    expect(providerProfile.filled).not.toContain("company");
    expect(providerProfile.filled).toContain("lastName");
    expect(providerProfile.readAt).toBe(AT.toISOString());
  });

  it("takes everything from the provider for a person not yet a lead", () => {
    const { fields, providerProfile } = mergeProviderProfile(null, profile, AT);
    expect(fields).toEqual(profile);
    expect(providerProfile.filled).toHaveLength(7);
  });

  it("refreshes a field the provider filled, but not one the user changed since", () => {
    const first = mergeProviderProfile({ company: null, headline: null, providerProfile: null }, profile, AT);
    const lead = { ...first.fields, headline: "My own headline", providerProfile: first.providerProfile };
    const second = mergeProviderProfile(lead, { ...profile, company: "Beta Ltd", headline: "CEO at Beta Ltd" }, LATER);
    expect(second.fields.company).toBe("Beta Ltd");
    expect(second.fields.headline).toBe("My own headline");
    expect(second.providerProfile.filled).toContain("company");
    expect(second.providerProfile.filled).not.toContain("headline");
  });

  it("never blanks a value because the provider has none", () => {
    const first = mergeProviderProfile(null, profile, AT);
    const second = mergeProviderProfile({ ...first.fields, providerProfile: first.providerProfile }, { ...profile, location: null }, LATER);
    expect(second.fields.location).toBe("Paris");
  });
});

describe("fieldsUserMaySet", () => {
  it("lets the user's word replace the provider's, and fill blanks, but not replace the user's own", () => {
    const merged = mergeProviderProfile({ firstName: "Janet", providerProfile: null }, profile, AT);
    const lead = { ...merged.fields, providerProfile: merged.providerProfile };
    const { set, providerProfile } = fieldsUserMaySet(lead, { firstName: "J.", company: "Acme" });
    expect(set).toEqual({ company: "Acme" });
    expect(providerProfile?.filled).not.toContain("company");
    expect(providerOwns({ ...lead, ...set, providerProfile }, "company")).toBe(false);
  });
});

describe("profileFieldViews", () => {
  it("shows the user's value with what the provider says beside it", () => {
    const merged = mergeProviderProfile({ company: "Acme", providerProfile: null }, profile, AT);
    const views = profileFieldViews({ ...merged.fields, providerProfile: merged.providerProfile });
    expect(views.find((view) => view.field === "company")).toEqual({ field: "company", value: "Acme", from: "you", providerValue: "Acme Corp" });
    expect(views.find((view) => view.field === "lastName")).toEqual({ field: "lastName", value: "Doe", from: "provider", providerValue: null });
  });

  it("reads a malformed record as never read", () => {
    expect(readProviderProfile("nonsense")).toBeNull();
    expect(readProviderProfile({ values: { company: 3, bogus: "x" }, filled: ["company", "bogus"] })).toEqual({ values: {}, filled: ["company"], readAt: "" });
  });
});
