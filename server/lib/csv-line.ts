// One CSV line (RFC 4180): a cell with a comma, a quote or a line break is quoted, and a cell a
// spreadsheet would take for a formula (=, +, -, @, a tab or a carriage return first) starts with
// an apostrophe so that it is shown as the text it is (OWASP "CSV injection"; docs/security.md).
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: string[]): string {
  return cells.map(csvCell).join(",");
}
