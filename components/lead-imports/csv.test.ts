import { describe, expect, it } from "vitest";
import { detectDelimiter, parseCsv, toCsv } from "./csv";

describe("parseCsv", () => {
  it("reads plain comma-separated rows", () => {
    expect(parseCsv("a,b,c\n1,2,3\n").rows).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
  });

  it("keeps delimiters, line ends and doubled quotes inside quoted fields", () => {
    const text = 'name,note\n"Doe, Jane","She said ""hi""\nand left"\n';
    expect(parseCsv(text).rows).toEqual([
      ["name", "note"],
      ["Doe, Jane", 'She said "hi"\nand left'],
    ]);
  });

  it("accepts CRLF, LF and lone CR line ends, and a missing final line end", () => {
    expect(parseCsv("a,b\r\n1,2\r3,4\n5,6").rows).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
      ["5", "6"],
    ]);
  });

  it("keeps CRLF inside a quoted field as written", () => {
    expect(parseCsv('a\r\n"x\r\ny"\r\n').rows).toEqual([["a"], ["x\r\ny"]]);
  });

  it("strips a UTF-8 byte-order mark so the first header reads cleanly", () => {
    expect(parseCsv("\uFEFFemail,name\r\nx@y.z,Ana\r\n").rows[0]).toEqual(["email", "name"]);
  });

  it("detects semicolon- and tab-separated files", () => {
    const semicolon = parseCsv("first;last;company\nAna;Lima;Acme, Inc.\n");
    expect(semicolon.delimiter).toBe(";");
    expect(semicolon.rows[1]).toEqual(["Ana", "Lima", "Acme, Inc."]);
    expect(parseCsv("a\tb\n1\t2").rows[1]).toEqual(["1", "2"]);
  });

  it("ignores delimiters inside quotes when detecting", () => {
    expect(detectDelimiter('"a;b;c;d",e,f\n')).toBe(",");
    expect(detectDelimiter('"x,y,z";a;b\n')).toBe(";");
    expect(detectDelimiter("single\n")).toBe(",");
  });

  it("drops blank lines but keeps rows of empty fields", () => {
    expect(parseCsv("a,b\n\n,\n\r\n1,2\n\n").rows).toEqual([
      ["a", "b"],
      ["", ""],
      ["1", "2"],
    ]);
  });

  it("keeps empty fields at the ends of a row", () => {
    expect(parseCsv(",x,\n").rows).toEqual([["", "x", ""]]);
  });

  it("keeps a stray quote inside an unquoted field as text", () => {
    expect(parseCsv('5" screen,b\n').rows).toEqual([['5" screen', "b"]]);
  });

  it("warns about a quote that is never closed and keeps the text", () => {
    const parsed = parseCsv('a,b\n1,"open\n2,3\n');
    expect(parsed.rows).toEqual([
      ["a", "b"],
      ["1", "open\n2,3\n"],
    ]);
    expect(parsed.warnings).toEqual(["A quoted field opened on line 2 is never closed; it runs to the end of the file."]);
  });

  it("honours an explicit delimiter", () => {
    expect(parseCsv("a;b,c\n", { delimiter: "," }).rows).toEqual([["a;b", "c"]]);
  });

  it("reads an empty file as no rows", () => {
    expect(parseCsv("").rows).toEqual([]);
    expect(parseCsv("\uFEFF").rows).toEqual([]);
  });
});

describe("toCsv", () => {
  it("quotes only fields that need it and round-trips through parseCsv", () => {
    const rows = [
      ["name", "note", "plain"],
      ["Doe, Jane", 'say "hi"', "x"],
      ["multi\nline", "", "y"],
    ];
    const text = toCsv(rows);
    expect(text).toBe('name,note,plain\r\n"Doe, Jane","say ""hi""",x\r\n"multi\nline",,y\r\n');
    expect(parseCsv(text).rows).toEqual(rows);
  });

  it("quotes fields containing the chosen delimiter", () => {
    expect(toCsv([["a;b", "c"]], ";")).toBe('"a;b";c\r\n');
  });
});
