import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv-line";

describe("CSV cells", () => {
  it("quote commas, quotes and line breaks as RFC 4180 says", () => {
    expect(csvLine(["Acme, Inc.", 'The "best"', "two\nlines", "plain"])).toBe('"Acme, Inc.","The ""best""","two\nlines",plain');
  });

  it("write what a spreadsheet would run as a formula as text, and leave numbers alone", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1 call")).toBe("'+1 call");
    expect(csvCell("@sum")).toBe("'@sum");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell("-cmd")).toBe("'-cmd");
  });
});
