import { describe, expect, it } from "vitest";
import { batches, buildLeads, guessMapping, mappingProblems, rowRanges, variableNameFrom, type ColumnMapping } from "./csv-mapping";

const map = (target: ColumnMapping["target"], variable = ""): ColumnMapping => ({ target, variable });

describe("guessMapping", () => {
  it("recognises common header names whatever their case and punctuation", () => {
    const headers = ["LinkedIn URL", "E-mail", "First Name", "last_name", "Company name", "Job title"];
    expect(guessMapping(headers, [], { hasHeader: true })).toEqual([
      map("profileUrl"),
      map("email"),
      map("firstName"),
      map("lastName"),
      map("company"),
      map("custom", "jobTitle"),
    ]);
  });

  it("guesses from the values when the header says nothing", () => {
    const sample = [
      ["https://www.linkedin.com/in/ana-lima", "ana@acme.test", "x"],
      ["https://linkedin.com/in/bo", "bo@acme.test", "y"],
    ];
    expect(guessMapping(["Who", "Contact", "Misc"], sample, { hasHeader: true })).toEqual([
      map("profileUrl"),
      map("email"),
      map("custom", "misc"),
    ]);
  });

  it("gives each lead field to the first matching column only and keeps variable names unique", () => {
    const guessed = guessMapping(["Email", "Work email", "Notes", "notes"], [], { hasHeader: true });
    expect(guessed).toEqual([map("email"), map("custom", "workEmail"), map("custom", "notes"), map("custom", "notes2")]);
  });

  it("ignores unnamed columns when the file has no header row", () => {
    const sample = [["https://www.linkedin.com/in/ana", "Ana"]];
    expect(guessMapping(["Column 1", "Column 2"], sample, { hasHeader: false })).toEqual([map("profileUrl"), map("ignore")]);
  });
});

describe("variableNameFrom", () => {
  it("makes camelCase identifiers that the API accepts", () => {
    expect(variableNameFrom("Job title", "x")).toBe("jobTitle");
    expect(variableNameFrom("Société", "x")).toBe("societe");
    expect(variableNameFrom("2nd line", "x")).toBe("_2ndLine");
    expect(variableNameFrom("  ---  ", "column3")).toBe("column3");
  });
});

describe("mappingProblems", () => {
  it("needs a profile URL or an e-mail column", () => {
    expect(mappingProblems([map("firstName"), map("ignore")]).general).toHaveLength(1);
    expect(mappingProblems([map("email")]).general).toEqual([]);
  });

  it("names columns with invalid or repeated variable names, and repeated fields", () => {
    const problems = mappingProblems([map("email"), map("custom", "2bad"), map("custom", "ok"), map("custom", "ok"), map("email")]);
    expect(problems.columns).toEqual({
      1: "Use letters, digits and _, starting with a letter or _.",
      3: "Column 3 already fills {{ok}}.",
      4: "Column 1 is already the e-mail.",
    });
  });
});

describe("buildLeads", () => {
  const mapping = [map("profileUrl"), map("email"), map("firstName"), map("custom", "city"), map("ignore")];

  it("builds leads from the mapped columns, trimming values and leaving out empty ones", () => {
    const { leads, rejected } = buildLeads(
      [
        [" https://www.linkedin.com/in/ana-lima ", "", "Ana", "Lisbon", "secret"],
        ["", "bo@acme.test", "", "", "x"],
      ],
      mapping,
      2,
    );
    expect(rejected).toEqual([]);
    expect(leads).toEqual([
      { rowNumber: 2, lead: { profileUrl: "https://www.linkedin.com/in/ana-lima", firstName: "Ana", customVariables: { city: "Lisbon" } } },
      { rowNumber: 3, lead: { email: "bo@acme.test" } },
    ]);
  });

  it("reports rows without a profile URL or e-mail, and rows the API would refuse, with their row numbers", () => {
    const { leads, rejected } = buildLeads(
      [
        ["", "", "Nobody", "", ""],
        ["https://example.com/ana", "", "Ana", "", ""],
        ["", "not-an-email", "", "", ""],
        ["https://www.linkedin.com/in/ok", "", "", "", ""],
      ],
      mapping,
      2,
    );
    expect(leads.map((lead) => lead.rowNumber)).toEqual([5]);
    expect(rejected).toEqual([
      { rowNumber: 2, reason: "No LinkedIn profile URL and no e-mail." },
      { rowNumber: 3, reason: "profileUrl: must be a LinkedIn profile URL such as https://www.linkedin.com/in/jane-doe" },
      { rowNumber: 4, reason: "email: must be a valid e-mail address" },
    ]);
  });

  it("tolerates short rows", () => {
    expect(buildLeads([["https://www.linkedin.com/in/ana"]], mapping, 1).leads).toHaveLength(1);
  });
});

describe("batches", () => {
  it("splits into batches of at most the given size, in order", () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 500)).toEqual([]);
    expect(batches(Array.from({ length: 1000 }, (_, index) => index), 500).map((batch) => batch.length)).toEqual([500, 500]);
  });
});

describe("rowRanges", () => {
  it("collapses consecutive row numbers", () => {
    expect(rowRanges([7, 2, 3, 4, 9, 10])).toBe("2–4, 7, 9–10");
    expect(rowRanges([5])).toBe("5");
    expect(rowRanges([])).toBe("");
  });
});
