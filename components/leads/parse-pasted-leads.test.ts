import { describe, expect, it } from "vitest";
import { leadsToAdd, parsePastedLeads } from "./parse-pasted-leads";

describe("parsePastedLeads", () => {
  it("recognizes profile URLs and e-mail addresses, one per line, and says why a line is not", () => {
    const lines = parsePastedLeads(
      ["https://www.linkedin.com/in/jane-doe", "", "  Bob@Example.com ", "linkedin.com/in/sam-lee/", "hello there", "jane@", "https://www.linkedin.com/company/acme"].join("\n"),
    );
    expect(lines.map((line) => [line.line, line.kind])).toEqual([
      [1, "profile"],
      [3, "email"],
      [4, "profile"],
      [5, "unrecognized"],
      [6, "unrecognized"],
      [7, "unrecognized"],
    ]);
    expect(lines[1]).toMatchObject({ lead: { email: "bob@example.com" } });
    expect(lines[2]).toMatchObject({ lead: { profileUrl: "https://linkedin.com/in/sam-lee/" } });
    expect(lines[3]).toMatchObject({ reason: "neither a LinkedIn profile URL (linkedin.com/in/…) nor an e-mail address" });
    expect(lines[4]).toMatchObject({ reason: "not a valid e-mail address" });
    expect(lines[5]).toMatchObject({ reason: "neither a LinkedIn profile URL (linkedin.com/in/…) nor an e-mail address" });
  });

  it("reads an address as mail programs copy it, with the name in front", () => {
    const lines = parsePastedLeads(['Jane Doe <jane@example.com>', '"Doe, John" <John@Example.com>,', "Ann <ann@example.com>", "Jane Doe <not an address>"].join("\n"));
    expect(lines.map((line) => line.kind)).toEqual(["email", "email", "email", "unrecognized"]);
    expect(lines[0]).toMatchObject({ lead: { email: "jane@example.com", firstName: "Jane", lastName: "Doe" } });
    expect(lines[1]).toMatchObject({ lead: { email: "john@example.com", firstName: "John", lastName: "Doe" } });
    expect(lines[2]).toMatchObject({ lead: { email: "ann@example.com", firstName: "Ann" } });
  });

  it("marks a person pasted twice and sends them once", () => {
    const lines = parsePastedLeads("https://www.linkedin.com/in/jane-doe\r\nhttps://linkedin.com/in/Jane-Doe?trk=x\r\n\"ann@example.com\",\nANN@example.com");
    expect(lines.map((line) => (line.kind === "unrecognized" ? null : line.duplicateOfLine))).toEqual([null, 1, null, 3]);
    expect(leadsToAdd(lines).map((entry) => entry.line)).toEqual([1, 3]);
  });
});
