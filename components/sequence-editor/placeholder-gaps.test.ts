import { describe, expect, it } from "vitest";
import { describeGap, placeholderGaps } from "./placeholder-gaps";

const leads = [
  { firstName: "Ann", company: "Acme", headline: null, email: "ann@acme.example" },
  { firstName: "Bo", company: null, headline: null, email: "bo@example.com" },
  { firstName: null, company: "", headline: null, email: "cy@example.com", plan: "Pro" },
];

describe("placeholderGaps", () => {
  it("counts the leads that would get an empty value, per placeholder", () => {
    const gaps = placeholderGaps({ type: "email", variant: { subject: "Quick idea for {{company}}", text: "Hi {{firstName}}, {{plan}}" }, leads, replies: false });
    expect(gaps).toEqual([
      { name: "company", leads: 2 },
      { name: "plan", leads: 2 },
      { name: "firstName", leads: 1 },
    ]);
  });

  it("clears once a placeholder has an inline fallback or the copy has fallback copy", () => {
    expect(placeholderGaps({ type: "email", variant: { subject: "Quick idea for {{company|your team}}", text: "Hi" }, leads, replies: false })).toEqual([]);
    expect(placeholderGaps({ type: "message", variant: { text: "Hi {{firstName}}", fallbackText: "Hi there" }, leads, replies: false })).toEqual([]);
  });

  it("sees placeholders in every alternative of the copy's spintax, since some lead gets each", () => {
    const gaps = placeholderGaps({ type: "email", variant: { subject: "{Quick idea|An idea for {{company}}}", text: "{Hi {{firstName}}|Hello}, {a|{{plan}}}" }, leads, replies: false });
    expect(gaps).toEqual([
      { name: "company", leads: 2 },
      { name: "plan", leads: 2 },
      { name: "firstName", leads: 1 },
    ]);
  });

  it("does not count a reply's subject, nor fields the dashboard's lead record does not carry", () => {
    expect(placeholderGaps({ type: "email", variant: { subject: "For {{company}}", text: "Hi" }, leads, replies: true })).toEqual([]);
    expect(placeholderGaps({ type: "message", variant: { text: "{{jobTitle}} in {{location}}" }, leads, replies: false })).toEqual([]);
  });
});

describe("describeGap", () => {
  it("says how many leads, in plain words, with a fallback to copy", () => {
    expect(describeGap({ name: "company", leads: 3 }, 40, 40)).toBe("3 of 40 leads have no company: they would get an empty value. Add a fallback like {{company|your team}}.");
    expect(describeGap({ name: "firstName", leads: 1 }, 100, 250)).toBe("1 of the first 100 leads has no first name: it would get an empty value. Add a fallback like {{firstName|there}}.");
  });
});
