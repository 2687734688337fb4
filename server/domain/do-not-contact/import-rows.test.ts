import { describe, expect, it } from "vitest";
import { HeraldError } from "../../lib/errors";
import { guessKind, readImportRows } from "./import-rows";

describe("reading a do-not-contact CSV file", () => {
  it("guesses each bare value's kind and refuses, by line, what is none", () => {
    const read = readImportRows("value\r\nJane@Acme.com\r\n\r\nhttps://www.linkedin.com/in/Jane-Doe/\r\nwww.Globex.io\r\nAcme Corp\r\nnot an address@\r\n", 100);
    expect(read.count).toBe(5);
    expect(read.rows.map((row) => [row.line, row.kind, row.value])).toEqual([
      [2, "email", "jane@acme.com"],
      [4, "linkedin", "jane-doe"],
      [5, "domain", "globex.io"],
    ]);
    expect(read.refused).toEqual([
      { line: 6, value: "Acme Corp", reason: expect.stringContaining("Not an e-mail address, a LinkedIn profile URL or a domain") },
      { line: 7, value: "not an address@", reason: "Not an e-mail address." },
    ]);
  });

  it("reads a kind,value,note layout in any column order, with semicolons, and numbers a row by the line it starts on", () => {
    const read = readImportRows('note;value;kind\n"two\nlines";acme.com;domain\nx;Acme  GmbH;company\n;foo;planet\n;x;email (erased)\n', 100);
    expect(read.rows.map((row) => [row.line, row.kind, row.value, row.note])).toEqual([
      [2, "domain", "acme.com", "two\nlines"],
      [4, "company", "acme gmbh", "x"],
    ]);
    expect(read.refused.map((row) => [row.line, row.reason])).toEqual([
      [5, 'The kind "planet" is none of email, domain, linkedin or company.'],
      [6, expect.stringContaining("An erased person's entry keeps only a hash")],
    ]);
  });

  it("refuses a whole file that has too many rows, no header, or several columns without kind and value", () => {
    const refusal = (text: string) => {
      try {
        readImportRows(text, 2);
      } catch (error) {
        return error instanceof HeraldError ? error.message : String(error);
      }
      return null;
    };
    expect(refusal("value\na@b.co\nc@d.co\ne@f.co\n")).toMatch(/has 3 rows; one import takes up to 2/);
    expect(refusal("")).toMatch(/The file is empty/);
    expect(refusal("email,name\na@b.co,A\n")).toMatch(/must name the columns kind and value/);
    expect(refusal('value\n"open quote\n')).toMatch(/not valid CSV/);
  });

  it("takes a value with @ for an address, linkedin.com/in/ for a profile, a domain's shape for a domain", () => {
    expect(guessKind("a@b.co")).toBe("email");
    expect(guessKind("linkedin.com/in/jane")).toBe("linkedin");
    expect(guessKind("acme.com")).toBe("domain");
    expect(guessKind("Acme Corp")).toBeNull();
    expect(guessKind("jane-doe")).toBeNull();
  });
});
