// Contacts: matching (CRM search, e-mail first, then the mapped LinkedIn property), creating,
// updating, the property list for the mapping editor, and reading contacts back under the
// mapping's Herald names.
import { FilterOperatorEnum, type FilterGroup, type SimplePublicObject } from "@hubspot/api-client/lib/codegen/crm/contacts/index.js";
import type { Client } from "@hubspot/api-client";
import type { CrmField, CrmFieldMapping, CrmMatch, CrmPulledContact, CrmRecordRef, HeraldLeadField } from "../types";
import { CrmError } from "../types";
import { linkedinUrlVariants } from "../linkedin-url";
import { callHubspot, toCrmError } from "./errors";
import { CONTACT_OBJECT_TYPE_ID, hubspotRecordUrl } from "./hubspot-api";

/** HubSpot's default contact property for a LinkedIn profile ("LinkedIn URL"). */
export const HUBSPOT_LINKEDIN_PROPERTY = "hs_linkedin_url";

/**
 * A search sort as the official client documents it for TypeScript (its README, "CRM Search"): the
 * property's name for ascending, with a leading "-" for descending. HubSpot ignores a JSON string
 * here, and then its order is its own, which would make the "id greater than the last" paging skip contacts.
 */
export function searchSort(propertyName: string, direction: "ASCENDING" | "DESCENDING" = "ASCENDING"): string {
  return direction === "DESCENDING" ? `-${propertyName}` : propertyName;
}

/** HubSpot allows five filter groups a search; more spellings take another search. */
const FILTER_GROUPS_PER_SEARCH = 5;
/** The spellings of a LinkedIn URL looked for: the ten most common, two searches at most. */
const LINKEDIN_SPELLINGS = 10;

export interface HubspotContext {
  api: Client;
  /** The portal's hub id for record links; null while unknown. */
  hubId(): Promise<string | null>;
}

export async function contactRef(context: HubspotContext, id: string): Promise<CrmRecordRef> {
  return { id, url: hubspotRecordUrl(await context.hubId(), CONTACT_OBJECT_TYPE_ID, id) };
}

async function searchOne(context: HubspotContext, filterGroups: FilterGroup[]): Promise<string | null> {
  const page = await callHubspot("look the contact up", () =>
    context.api.crm.contacts.searchApi.doSearch({ filterGroups, properties: ["email"], sorts: [searchSort("hs_object_id")], limit: 1 }),
  );
  return page.results[0]?.id ?? null;
}

export async function findContact(context: HubspotContext, match: CrmMatch): Promise<CrmRecordRef | null> {
  // HubSpot keeps e-mail addresses in lower case.
  const email = match.email?.trim().toLowerCase();
  if (email) {
    const id = await searchOne(context, [{ filters: [{ propertyName: "email", operator: FilterOperatorEnum.Eq, value: email }] }]);
    if (id) return contactRef(context, id);
  }
  const linkedinUrl = match.linkedinUrl?.trim();
  if (linkedinUrl && match.linkedinField) {
    const field = match.linkedinField;
    const spellings = linkedinUrlVariants(linkedinUrl).slice(0, LINKEDIN_SPELLINGS);
    for (let start = 0; start < spellings.length; start += FILTER_GROUPS_PER_SEARCH) {
      const groups = spellings.slice(start, start + FILTER_GROUPS_PER_SEARCH).map((value) => ({ filters: [{ propertyName: field, operator: FilterOperatorEnum.Eq, value }] }));
      const id = await searchOne(context, groups);
      if (id) return contactRef(context, id);
    }
  }
  return null;
}

/** HubSpot's 409 on a second contact with one e-mail names the first: "Contact already exists. Existing ID: 123". */
function existingContactId(error: unknown): string | null {
  const { code, body } = (typeof error === "object" && error !== null ? error : {}) as { code?: unknown; body?: { message?: unknown } };
  if (code !== 409 || typeof body?.message !== "string") return null;
  return /Existing ID:\s*(\d+)/i.exec(body.message)?.[1] ?? null;
}

export async function createContact(context: HubspotContext, properties: Record<string, string>): Promise<CrmRecordRef> {
  try {
    const created = await context.api.crm.contacts.basicApi.create({ properties, associations: [] });
    return contactRef(context, created.id);
  } catch (error) {
    // Created already (a retried push, or someone else in between): the same contact, not a duplicate.
    const existing = existingContactId(error);
    if (existing) return contactRef(context, existing);
    throw toCrmError(error, "create the contact");
  }
}

export async function updateContact(context: HubspotContext, id: string, properties: Record<string, string>): Promise<void> {
  if (Object.keys(properties).length === 0) return;
  await callHubspot("update the contact", () => context.api.crm.contacts.basicApi.update(id, { properties }));
}

function fieldType(type: string): string {
  if (type === "string" || type === "phone_number") return "string";
  if (type === "number") return "number";
  if (type === "date" || type === "datetime") return "date";
  if (type === "enumeration") return "enumeration";
  if (type === "bool") return "boolean";
  return "other";
}

export async function listContactFields(context: HubspotContext): Promise<CrmField[]> {
  const answer = await callHubspot("list the contact properties", () => context.api.crm.properties.coreApi.getAll("contacts", false));
  return answer.results
    .filter((property) => !property.hidden)
    .map((property) => ({
      name: property.name,
      label: property.label || property.name,
      type: fieldType(property.type),
      readOnly: Boolean(property.calculated || property.modificationMetadata?.readOnlyValue),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The properties to read for a mapping: the mapped ones, plus e-mail and what the exclusion reasons need. */
export function propertiesToRead(mapping: CrmFieldMapping[], extra: string[] = []): string[] {
  return [...new Set(["email", ...mapping.map((field) => field.crm), ...extra])];
}

/** A HubSpot contact under the mapping's Herald names. */
export function toPulledContact(contact: SimplePublicObject, mapping: CrmFieldMapping[], reason: CrmPulledContact["reason"]): CrmPulledContact {
  const values: Partial<Record<HeraldLeadField, string>> = {};
  for (const field of mapping) {
    const value = contact.properties[field.crm];
    if (typeof value === "string" && value.trim() !== "") values[field.herald] = value;
  }
  const linkedinProperty = mapping.find((field) => field.herald === "linkedinUrl")?.crm;
  const email = contact.properties.email?.trim() || values.email || null;
  const updatedAt = contact.updatedAt instanceof Date && !Number.isNaN(contact.updatedAt.getTime()) ? contact.updatedAt : null;
  return {
    id: contact.id,
    email,
    linkedinUrl: (linkedinProperty ? contact.properties[linkedinProperty]?.trim() : null) || values.linkedinUrl || null,
    values,
    reason,
    updatedAt,
  };
}

/** Reads contacts by id (batch read: up to 100 a call), in the order asked; missing ones are left out. */
export async function readContacts(context: HubspotContext, ids: string[], properties: string[]): Promise<SimplePublicObject[]> {
  if (ids.length === 0) return [];
  if (ids.length > 100) throw new CrmError("rejected", "Herald asked HubSpot for more than 100 contacts at once.");
  const answer = await callHubspot("read the contacts", () =>
    context.api.crm.contacts.batchApi.read({ inputs: ids.map((id) => ({ id })), properties, propertiesWithHistory: [] }, false),
  );
  const byId = new Map(answer.results.map((contact) => [contact.id, contact]));
  return ids.map((id) => byId.get(id)).filter((contact): contact is SimplePublicObject => contact !== undefined);
}
