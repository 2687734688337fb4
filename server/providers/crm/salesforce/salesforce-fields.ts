// How Herald's mapped values meet Salesforce's Lead and Contact objects. Herald creates Leads and
// matches Contacts and Leads alike; the two objects do not share every field (a Contact has no
// Company: its company is its Account's Name), so values are written only to fields the object
// has, as its describe says, and read back through the Account for a Contact's company.
import type { Connection, DescribeSObjectResult, Field } from "jsforce";
import type { CrmField, CrmFieldMapping, CrmPulledContact, HeraldLeadField } from "../types";
import { CrmError } from "../types";
import { salesforceCall } from "./salesforce-connection";

export type PersonObject = "Contact" | "Lead";

/** Salesforce ids start with their object's key prefix: 003 Contact, 00Q Lead. */
export function objectOfId(id: string): PersonObject {
  if (/^003[A-Za-z0-9]{12}([A-Za-z0-9]{3})?$/.test(id)) return "Contact";
  if (/^00Q[A-Za-z0-9]{12}([A-Za-z0-9]{3})?$/.test(id)) return "Lead";
  throw new CrmError("not-found", `"${id}" is not a Salesforce contact or lead.`);
}

/** Describes each object once per client. */
export function describer(connection: Connection): (object: string) => Promise<DescribeSObjectResult> {
  const cache = new Map<string, Promise<DescribeSObjectResult>>();
  return (object) => {
    let found = cache.get(object);
    if (!found) {
      found = salesforceCall(() => connection.sobject(object).describe());
      found.catch(() => cache.delete(object));
      cache.set(object, found);
    }
    return found;
  };
}

/** The properties the object can take on create (or update), with a Lead's required Company filled. */
export function writableProperties(describe: DescribeSObjectResult, properties: Record<string, string>, mode: "create" | "update"): Record<string, string> {
  const fields = new Map(describe.fields.map((field) => [field.name, field]));
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(properties)) {
    const field = fields.get(name);
    if (field && (mode === "create" ? field.createable : field.updateable)) kept[name] = value;
  }
  // Salesforce requires a Lead's Company; "[not provided]" is the placeholder Salesforce's own lead capture uses.
  if (mode === "create" && describe.name === "Lead" && (kept.Company ?? "").trim() === "") kept.Company = "[not provided]";
  return kept;
}

/** The mapped CRM field as read on this object: a Contact's Company is its Account's Name. */
export function readableField(describe: DescribeSObjectResult, crm: string): string | null {
  if (describe.name === "Contact" && crm === "Company") return "Account.Name";
  return describe.fields.some((field) => field.name === crm) ? crm : null;
}

export function selectFields(describe: DescribeSObjectResult, mapping: readonly CrmFieldMapping[]): string[] {
  const fields = new Set(["Id", "Email", "SystemModstamp"]);
  for (const { crm } of mapping) {
    const readable = readableField(describe, crm);
    if (readable) fields.add(readable);
  }
  return [...fields];
}

function valueAt(record: Record<string, unknown>, path: string): string | null {
  let current: unknown = record;
  for (const part of path.split(".")) {
    if (!current || typeof current !== "object") return null;
    current = (current as Record<string, unknown>)[part];
  }
  if (typeof current === "string") return current.trim() === "" ? null : current;
  if (typeof current === "number" || typeof current === "boolean") return String(current);
  return null;
}

export function pulledRecord(describe: DescribeSObjectResult, record: Record<string, unknown>, mapping: readonly CrmFieldMapping[], reason: CrmPulledContact["reason"]): CrmPulledContact {
  const values: Partial<Record<HeraldLeadField, string>> = {};
  for (const { herald, crm } of mapping) {
    const readable = readableField(describe, crm);
    const value = readable ? valueAt(record, readable) : null;
    if (value !== null) values[herald] = value;
  }
  const modstamp = valueAt(record, "SystemModstamp");
  return {
    id: String(record.Id),
    email: values.email ?? valueAt(record, "Email"),
    linkedinUrl: values.linkedinUrl ?? null,
    values,
    reason,
    updatedAt: modstamp ? new Date(modstamp) : null,
  };
}

const FIELD_TYPES: Record<string, string> = {
  string: "string",
  email: "string",
  phone: "string",
  url: "string",
  textarea: "string",
  double: "number",
  int: "number",
  currency: "number",
  percent: "number",
  date: "date",
  datetime: "date",
  picklist: "enumeration",
  multipicklist: "enumeration",
  boolean: "boolean",
};

export function crmField(field: Field): CrmField {
  return { name: field.name, label: field.label, type: FIELD_TYPES[field.type] ?? "other", readOnly: !field.createable && !field.updateable };
}
