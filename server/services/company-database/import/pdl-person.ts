// A People Data Labs person record as a PersonRecord. The fields read are listed in
// docs/company-database.md; others are ignored. `job_company_id` links the person to a company
// imported before (by its PDL id); a person whose company is not there yet keeps no company.
import { SENIORITIES } from "../../../schemas/company-database";
import type { PersonRecord } from "../generator/generate-dataset";
import { casedText, continentOf, derivedId, first, list, objects, personName, RecordProblem, text, url, type RawRecord } from "./pdl-values";

/** PDL's job_title_levels as Herald's seniorities. */
const LEVELS: Record<string, string> = {
  owner: "owner",
  cxo: "c_suite",
  partner: "partner",
  vp: "vp",
  director: "director",
  manager: "manager",
  senior: "senior",
  entry: "entry",
  training: "intern",
  unpaid: "intern",
};

export function mapPdlPerson(record: RawRecord): PersonRecord {
  const fullName = personName(first(record, "full_name"));
  let firstName = personName(first(record, "first_name"));
  let lastName = personName(first(record, "last_name"));
  if (!firstName && !lastName && fullName) {
    const space = fullName.indexOf(" ");
    firstName = space < 0 ? fullName : fullName.slice(0, space);
    lastName = space < 0 ? "" : fullName.slice(space + 1);
  }
  if (!firstName && !lastName) throw new RecordProblem("the person has no name");

  const linkedinUrl = url(first(record, "linkedin_url"));
  const email = emailOf(record);
  const externalId =
    text(first(record, "id"), { max: 200 }) ?? (linkedinUrl ? derivedId("li", linkedinUrl) : email ? derivedId("email", email) : null);
  if (!externalId) throw new RecordProblem("the person has no id, LinkedIn address or e-mail to tell them apart");

  const title = casedText(first(record, "job_title"), 300);
  const country = text(first(record, "location_country", "location.country", "country"), { lower: true, max: 100 });
  const education = objects(first(record, "education"));
  return {
    externalId,
    companyExternalId: text(first(record, "job_company_id"), { max: 200 }),
    firstName: firstName ?? "",
    lastName: lastName ?? "",
    title,
    headline: text(first(record, "headline"), { max: 500 }),
    seniority: seniorityOf(title, first(record, "job_title_levels", "seniority")),
    department: text(first(record, "job_title_role", "department"), { lower: true, max: 100 }),
    function: text(first(record, "job_title_sub_role", "function"), { lower: true, max: 100 }),
    country,
    region: text(first(record, "location_region", "location.region", "region"), { lower: true, max: 100 }),
    city: text(first(record, "location_locality", "location.locality", "locality"), { lower: true, max: 100 }),
    continent: text(first(record, "location_continent", "location.continent", "continent"), { lower: true, max: 100 }) ?? continentOf(country),
    languages: list(first(record, "languages"), { lower: true }),
    skills: list(first(record, "skills"), { lower: true }),
    schools: education.length ? unique(education.map((entry) => entry.school)) : list(first(record, "schools"), { lower: true }),
    degrees: education.length ? unique(education.map((entry) => entry.degrees)) : list(first(record, "degrees"), { lower: true }),
    fieldsOfStudy: education.length ? unique(education.map((entry) => entry.majors)) : list(first(record, "majors", "fields_of_study"), { lower: true }),
    linkedinUrl,
    email,
  };
}

/** The most senior of the person's levels; a founder or a "head of" is told by the title. */
function seniorityOf(title: string | null, levels: unknown): string | null {
  const lower = title?.toLowerCase() ?? "";
  // PDL gives a founder the levels owner and cxo; the title says what they are.
  if (/\bfounder\b/.test(lower)) return "founder";
  const candidates = list(levels, { lower: true }).map((level) => LEVELS[level] ?? level);
  if (/^head\b/.test(lower)) candidates.push("head");
  const known = candidates.filter((level) => (SENIORITIES as readonly string[]).includes(level));
  known.sort((a, b) => SENIORITIES.indexOf(a as never) - SENIORITIES.indexOf(b as never));
  return known[0] ?? null;
}

/** A work e-mail: `work_email`, else the first professional address of `emails`. */
function emailOf(record: RawRecord): string | null {
  const work = text(first(record, "work_email"), { lower: true, max: 300 });
  if (work?.includes("@")) return work;
  for (const entry of objects(first(record, "emails"))) {
    const address = text(entry.address, { lower: true, max: 300 });
    if (address?.includes("@") && /professional/.test(String(entry.type ?? ""))) return address;
  }
  return null;
}

/** The names in education entries' values (a school object, or lists of degrees or majors), once each. */
function unique(values: unknown[]): string[] {
  const result = new Set<string>();
  for (const value of values) {
    const names = value && typeof value === "object" && !Array.isArray(value) ? list([value], { lower: true }) : list(value, { lower: true });
    for (const name of names) result.add(name);
  }
  return [...result].slice(0, 50);
}
