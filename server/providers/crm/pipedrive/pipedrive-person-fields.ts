// How Herald's mapped values become a Pipedrive person and back. Pipedrive's person (API v2) has a
// few top-level fields (name, emails, job_title, …) and keeps custom fields under `custom_fields`
// by their 40-character hash keys. A person has one `name`: first_name and last_name are joined
// into it. `org_name` is Herald's pseudo-field for the person's organization, found by exact name
// or created (docs/crm-sync-pipedrive.md).
import type { v2 } from "pipedrive";
import type { CrmField, CrmFieldMapping, CrmPulledContact, HeraldLeadField } from "../types";

/** The pseudo-field that names the person's organization. */
export const ORGANIZATION_NAME_FIELD = "org_name";

/** Top-level person fields Herald writes as they are. */
const WRITABLE_STANDARD_FIELDS = new Set(["name", "first_name", "last_name", "email", "emails", "phone", "phones", "job_title", "notes", "birthday", "org_id"]);

const EMAIL_FIELDS = new Set(["email", "emails"]);
const PHONE_FIELDS = new Set(["phone", "phones"]);
const TOP_LEVEL_TEXT_FIELDS = new Set(["job_title", "notes", "birthday"]);

/**
 * Person fields a company has only once contact sync was set up in Pipedrive (the client's
 * AddPersonRequest says so): written only when the company's person fields list them.
 */
export const CONTACT_SYNC_FIELDS = ["job_title", "notes", "birthday"] as const;

export interface PersonWrite {
  body: v2.AddPersonRequest;
  /** The organization to find or create, when `org_name` was given. */
  organizationName: string | null;
  /** Whether a first or last name was given (the person's `name` is built from both). */
  firstName: string | null;
  lastName: string | null;
}

/** Mapped properties (CRM field names → values) as a v2 person body. */
export function personWrite(properties: Record<string, string>): PersonWrite {
  const body: v2.AddPersonRequest = {};
  const custom: Record<string, string> = {};
  let organizationName: string | null = null;
  let firstName: string | null = null;
  let lastName: string | null = null;
  for (const [field, raw] of Object.entries(properties)) {
    const value = raw.trim();
    if (EMAIL_FIELDS.has(field)) {
      if (value !== "") body.emails = [{ value, primary: true, label: "work" }];
    } else if (PHONE_FIELDS.has(field)) {
      if (value !== "") body.phones = [{ value, primary: true, label: "work" }];
    } else if (field === "first_name") firstName = value;
    else if (field === "last_name") lastName = value;
    else if (field === "name") body.name = value;
    else if (field === ORGANIZATION_NAME_FIELD) organizationName = value === "" ? null : value;
    else if (TOP_LEVEL_TEXT_FIELDS.has(field)) (body as Record<string, string>)[field] = value;
    else custom[field] = value;
  }
  if (Object.keys(custom).length > 0) body.custom_fields = custom;
  return { body, organizationName, firstName, lastName };
}

export function joinName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return [firstName, lastName].filter((part) => part && part.trim() !== "").join(" ").trim();
}

function primaryEmail(person: v2.Person): string | null {
  const emails = person.emails ?? [];
  const chosen = emails.find((email) => email.primary && email.value) ?? emails.find((email) => email.value);
  return chosen?.value ?? null;
}

function text(value: unknown): string | null {
  if (typeof value === "string") return value.trim() === "" ? null : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/** One mapped field's value on a person (org_name is not on a person; the pull leaves it out). */
export function personValue(person: v2.Person, field: string): string | null {
  if (EMAIL_FIELDS.has(field)) return primaryEmail(person);
  if (PHONE_FIELDS.has(field)) return person.phones?.find((phone) => phone.value)?.value ?? null;
  if (field === ORGANIZATION_NAME_FIELD) return null;
  const standard = (person as Record<string, unknown>)[field];
  if (standard !== undefined) return text(standard);
  return text(person.custom_fields?.[field]);
}

/** A person as Herald reads it back; `organizationName` is the name of the person's organization, when read. */
export function pulledContact(person: v2.Person, mapping: readonly CrmFieldMapping[], reason: CrmPulledContact["reason"], organizationName: string | null = null): CrmPulledContact {
  const values: Partial<Record<HeraldLeadField, string>> = {};
  for (const { herald, crm } of mapping) {
    const value = crm === ORGANIZATION_NAME_FIELD ? organizationName : personValue(person, crm);
    if (value !== null) values[herald] = value;
  }
  return {
    id: String(person.id),
    email: values.email ?? primaryEmail(person),
    linkedinUrl: values.linkedinUrl ?? null,
    values,
    reason,
    updatedAt: person.update_time ? new Date(person.update_time) : null,
  };
}

const FIELD_TYPES: Record<string, string> = {
  int: "number",
  double: "number",
  monetary: "number",
  varchar: "string",
  varchar_auto: "string",
  text: "string",
  phone: "string",
  date: "date",
  daterange: "date",
  enum: "enumeration",
  set: "enumeration",
  varchar_options: "enumeration",
  boolean: "boolean",
};

/** Herald names the address and phone fields as v1 did (email, phone), whichever code v2 lists them under. */
const FIELD_NAMES: Record<string, string> = { emails: "email", phones: "phone" };

export function crmField(field: v2.GetPersonFields200ResponseDataInner): CrmField {
  return {
    name: FIELD_NAMES[field.field_code] ?? field.field_code,
    label: field.field_name,
    type: FIELD_TYPES[field.field_type] ?? "other",
    readOnly: !field.is_custom_field && !WRITABLE_STANDARD_FIELDS.has(field.field_code),
  };
}

export const ORGANIZATION_NAME_CRM_FIELD: CrmField = { name: ORGANIZATION_NAME_FIELD, label: "Organization name", type: "string", readOnly: false };
