// From CSV rows to the leads addLeads takes: which column is what (guessed from headers and
// values, then edited by the user), and the rows that cannot be sent, with the reason.
import { ZLeadInput, type TLeadInput } from "@/server/schemas/lead";

export const LEAD_FIELDS = ["profileUrl", "email", "firstName", "lastName", "company"] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];
export type ColumnTarget = LeadField | "custom" | "ignore";

export const TARGET_LABELS: Record<ColumnTarget, string> = {
  profileUrl: "LinkedIn profile URL",
  email: "E-mail",
  firstName: "First name",
  lastName: "Last name",
  company: "Company",
  custom: "Custom variable",
  ignore: "Ignore",
};

export interface ColumnMapping {
  target: ColumnTarget;
  /** The custom variable's name (used when target is "custom"). */
  variable: string;
}

export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const HEADER_GUESSES: Record<LeadField, string[]> = {
  profileUrl: ["profileurl", "linkedinurl", "linkedin", "linkedinprofile", "linkedinprofileurl", "profile", "profilelink", "linkedinlink", "url", "personlinkedinurl"],
  email: ["email", "emailaddress", "mail", "workemail", "businessemail", "professionalemail"],
  firstName: ["firstname", "first", "givenname", "forename", "prenom"],
  lastName: ["lastname", "last", "surname", "familyname", "nom"],
  company: ["company", "companyname", "organization", "organisation", "employer", "account", "accountname", "currentcompany"],
};

function normalize(header: string): string {
  return header.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** A variable name from a header: "Job title" → jobTitle, "2nd line" → _2ndLine. */
export function variableNameFrom(header: string, fallback: string): string {
  const words = header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  if (!words.length) return fallback;
  const name = words.map((word, index) => (index === 0 ? word[0]!.toLowerCase() + word.slice(1) : word[0]!.toUpperCase() + word.slice(1))).join("");
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

const LINKEDIN_PROFILE = /linkedin\.com\/in\/[^/?#\s]+/i;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function mostlyMatch(values: string[], pattern: RegExp): boolean {
  const filled = values.map((value) => value.trim()).filter(Boolean);
  return filled.length > 0 && filled.filter((value) => pattern.test(value)).length * 2 >= filled.length;
}

/**
 * A first mapping: known header names, else what the values look like (profile URLs, e-mails).
 * Each lead field goes to one column at most; other named columns become custom variables.
 */
export function guessMapping(headers: string[], sample: string[][], options: { hasHeader: boolean }): ColumnMapping[] {
  const taken = new Set<LeadField>();
  const usedVariables = new Set<string>();
  return headers.map((header, column) => {
    const values = sample.map((row) => row[column] ?? "");
    const key = normalize(header);
    let field = options.hasHeader ? LEAD_FIELDS.find((candidate) => HEADER_GUESSES[candidate].includes(key)) : undefined;
    if (!field && mostlyMatch(values, LINKEDIN_PROFILE)) field = "profileUrl";
    if (!field && mostlyMatch(values, EMAIL)) field = "email";
    if (field && !taken.has(field)) {
      taken.add(field);
      return { target: field, variable: "" };
    }
    if (!options.hasHeader || !header.trim()) return { target: "ignore", variable: "" };
    let variable = variableNameFrom(header, `column${column + 1}`);
    for (let suffix = 2; usedVariables.has(variable); suffix++) variable = `${variableNameFrom(header, `column${column + 1}`)}${suffix}`;
    usedVariables.add(variable);
    return { target: "custom", variable };
  });
}

export interface MappingProblems {
  /** Problems of one column, by column index. */
  columns: Record<number, string>;
  /** Problems of the mapping as a whole. */
  general: string[];
}

export function mappingProblems(mapping: ColumnMapping[]): MappingProblems {
  const columns: Record<number, string> = {};
  const general: string[] = [];
  const seen = new Map<string, number>();
  mapping.forEach((column, index) => {
    if (column.target === "ignore") return;
    if (column.target === "custom") {
      if (!VARIABLE_NAME.test(column.variable)) {
        columns[index] = "Use letters, digits and _, starting with a letter or _.";
        return;
      }
    }
    const key = column.target === "custom" ? `custom:${column.variable}` : column.target;
    if (seen.has(key)) {
      columns[index] =
        column.target === "custom" ? `Column ${seen.get(key)! + 1} already fills {{${column.variable}}}.` : `Column ${seen.get(key)! + 1} is already the ${TARGET_LABELS[column.target].toLowerCase()}.`;
    } else seen.set(key, index);
  });
  if (!seen.has("profileUrl") && !seen.has("email")) general.push("Map a column to the LinkedIn profile URL or the e-mail: every lead needs one of them.");
  return { columns, general };
}

export interface PreparedLead {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  rowNumber: number;
  lead: TLeadInput;
}

export interface RejectedRow {
  rowNumber: number;
  reason: string;
}

/**
 * The leads of the data rows under a mapping, checked as the API will check them: rows the API
 * would refuse are returned as rejected with the reason instead of being sent (one bad lead would
 * fail its whole batch).
 */
export function buildLeads(rows: string[][], mapping: ColumnMapping[], firstRowNumber: number): { leads: PreparedLead[]; rejected: RejectedRow[] } {
  const leads: PreparedLead[] = [];
  const rejected: RejectedRow[] = [];
  rows.forEach((row, index) => {
    const rowNumber = firstRowNumber + index;
    const lead: Record<string, unknown> = {};
    const customVariables: Record<string, string> = {};
    mapping.forEach((column, columnIndex) => {
      const value = (row[columnIndex] ?? "").trim();
      if (!value || column.target === "ignore") return;
      if (column.target === "custom") customVariables[column.variable] = value;
      else lead[column.target] = value;
    });
    if (Object.keys(customVariables).length) lead.customVariables = customVariables;
    if (lead.profileUrl === undefined && lead.email === undefined) {
      rejected.push({ rowNumber, reason: "No LinkedIn profile URL and no e-mail." });
      return;
    }
    const parsed = ZLeadInput.safeParse(lead);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join(".");
      rejected.push({ rowNumber, reason: `${field ? `${field}: ` : ""}${issue.message}` });
      return;
    }
    leads.push({ rowNumber, lead: lead as TLeadInput });
  });
  return { leads, rejected };
}

/** Splits items into consecutive batches of at most `size`. */
export function batches<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Row numbers as short ranges: [2, 3, 4, 7] → "2–4, 7". */
export function rowRanges(numbers: number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let index = 0; index < sorted.length; index++) {
    const start = sorted[index]!;
    while (sorted[index + 1] === sorted[index]! + 1) index++;
    ranges.push(start === sorted[index] ? String(start) : `${start}–${sorted[index]}`);
  }
  return ranges.join(", ");
}
