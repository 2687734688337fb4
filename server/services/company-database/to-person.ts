import type { TPerson } from "../../schemas/company-database";

/** A people-search row: the person's columns and their company's, prefixed `company…`. */
export interface PersonRow {
  id: number;
  firstName: string;
  lastName: string;
  title: string | null;
  headline: string | null;
  seniority: string | null;
  department: string | null;
  function: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  continent: string | null;
  languages: string[];
  skills: string[];
  schools: string[];
  degrees: string[];
  fieldsOfStudy: string[];
  linkedinUrl: string | null;
  email: string | null;
  companyRefId: number | null;
  companyName: string | null;
  companyDomain: string | null;
  companyIndustry: string | null;
}

/** The API's person: `state` is the stored region; `company` null when the person has none. */
export function toPerson(row: PersonRow): TPerson {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    headline: row.headline,
    seniority: row.seniority,
    department: row.department,
    function: row.function,
    country: row.country,
    state: row.region,
    city: row.city,
    continent: row.continent,
    languages: row.languages,
    skills: row.skills,
    schools: row.schools,
    degrees: row.degrees,
    fieldsOfStudy: row.fieldsOfStudy,
    linkedinUrl: row.linkedinUrl,
    email: row.email,
    company:
      row.companyRefId === null ? null : { id: row.companyRefId, name: row.companyName ?? "", domain: row.companyDomain, industry: row.companyIndustry },
  };
}
