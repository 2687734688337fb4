import { describe, expect, it } from "vitest";
import { draftProblems, emptyMailbox, localPartSuggestions, newDomain, slug, toQuoteInput, withNames, type Draft } from "./wizard-state";

function draftWith(...names: string[]): Draft {
  return { domains: names.map((name) => newDomain(name, { existing: false })), warmupEnabled: true, preset: "standard" };
}

describe("the ordering wizard's draft", () => {
  it("suggests first@ and first.last@ from the names, without accents or spaces", () => {
    expect(localPartSuggestions("Zoë", "Van Dyke")).toEqual(["zoe", "zoe.vandyke"]);
    expect(localPartSuggestions("", "Doe")).toEqual([]);
    expect(slug(".Anne-Marie.")).toBe("anne-marie");
  });

  it("lets the address follow the first name until the person types one", () => {
    const typed = withNames(emptyMailbox(), { firstName: "Jane" });
    expect(typed.localPart).toBe("jane");
    const edited = { ...typed, localPart: "sales", localPartEdited: true };
    expect(withNames(edited, { firstName: "Janet" }).localPart).toBe("sales");
  });

  it("asks the quote with the warmup preset, no redirect when left empty, and one year for a domain already held", () => {
    const draft = draftWith("acme-mail.com");
    draft.domains.push({ ...newDomain("mine.com", { existing: true }), years: 4 });
    const input = toQuoteInput(draft);
    expect(input.warmup).toEqual({ enabled: true, strategy: { preset: "standard" } });
    expect(input.domains[0]!.redirectUrl).toBeNull();
    expect(input.domains[1]).toMatchObject({ existing: true, years: 1 });
    expect(toQuoteInput({ ...draft, warmupEnabled: false }).warmup).toEqual({ enabled: false });
  });

  it("names problems with the server's field paths, and two mailboxes with one address", () => {
    const draft = draftWith("acme-mail.com");
    draft.domains[0]!.mailboxes = [withNames(emptyMailbox(), { firstName: "Jane", lastName: "Doe" }), withNames(emptyMailbox(), { firstName: "Jane" })];
    draft.domains[0]!.redirectUrl = "not a url";
    const problems = draftProblems(draft);
    expect(problems["domains.0.mailboxes.1.lastName"]).toBe("is required");
    expect(problems["domains.0.mailboxes.1.localPart"]).toBe("jane@acme-mail.com is already in this order");
    expect(problems["domains.0.redirectUrl"]).toMatch(/https:\/\/acme.com/);
    expect(problems["domains.0.mailboxes.0.localPart"]).toBeUndefined();
  });
});
