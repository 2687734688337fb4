// The HubSpot stand-in's records and the shapes HubSpot answers them in (CRM objects v3:
// {id, properties, createdAt, updatedAt, archived}; properties, pipelines and lists as the
// official client's models read them). server/test/fakes/hubspot-fake.ts serves them over HTTP.

export interface FakeHubspotObject {
  id: string;
  properties: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
  /** Associated contact ids (notes and deals). */
  contactIds: string[];
}

export interface FakeHubspotList {
  listId: string;
  name: string;
  objectTypeId: string;
  members: Array<{ recordId: string; joinedAt: Date }>;
  createdAt: Date;
}

export interface FakeHubspotProperty {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  readOnly?: boolean;
  hidden?: boolean;
}

export const FAKE_HUBSPOT_CONTACT_PROPERTIES: FakeHubspotProperty[] = [
  { name: "email", label: "Email", type: "string", fieldType: "text" },
  { name: "firstname", label: "First Name", type: "string", fieldType: "text" },
  { name: "lastname", label: "Last Name", type: "string", fieldType: "text" },
  { name: "company", label: "Company Name", type: "string", fieldType: "text" },
  { name: "jobtitle", label: "Job Title", type: "string", fieldType: "text" },
  { name: "hs_linkedin_url", label: "LinkedIn URL", type: "string", fieldType: "text" },
  { name: "phone", label: "Phone Number", type: "string", fieldType: "phonenumber" },
  { name: "lifecyclestage", label: "Lifecycle Stage", type: "enumeration", fieldType: "radio" },
  { name: "hubspot_owner_id", label: "Contact owner", type: "enumeration", fieldType: "select" },
  { name: "createdate", label: "Create Date", type: "datetime", fieldType: "date", readOnly: true },
  { name: "lastmodifieddate", label: "Last Modified Date", type: "datetime", fieldType: "date", readOnly: true },
  { name: "hs_object_id", label: "Record ID", type: "number", fieldType: "number", readOnly: true },
  { name: "hs_all_contact_vids", label: "All vids for a contact", type: "enumeration", fieldType: "checkbox", readOnly: true, hidden: true },
];

export const FAKE_HUBSPOT_PIPELINES = [
  {
    id: "default",
    label: "Sales Pipeline",
    stages: [
      { id: "appointmentscheduled", label: "Appointment Scheduled", probability: "0.2", isClosed: "false" },
      { id: "qualifiedtobuy", label: "Qualified To Buy", probability: "0.4", isClosed: "false" },
      { id: "presentationscheduled", label: "Presentation Scheduled", probability: "0.6", isClosed: "false" },
      { id: "closedwon", label: "Closed Won", probability: "1.0", isClosed: "true" },
      { id: "closedlost", label: "Closed Lost", probability: "0.0", isClosed: "true" },
    ],
  },
  {
    id: "2345678",
    label: "Partnerships",
    stages: [
      { id: "2345679", label: "Introduced", probability: "0.1", isClosed: "false" },
      { id: "2345680", label: "Signed", probability: "1.0", isClosed: "true" },
    ],
  },
];

const EPOCH = new Date("2024-01-02T03:04:05.000Z");

/** A CRM object as HubSpot answers it: the asked properties (all it has when none asked), plus the ids and dates. */
export function objectShape(object: FakeHubspotObject, asked: string[] | null, kind: "contact" | "note" | "deal") {
  const created = kind === "contact" ? "createdate" : "hs_createdate";
  const modified = kind === "contact" ? "lastmodifieddate" : "hs_lastmodifieddate";
  const all: Record<string, string | null> = { ...object.properties, hs_object_id: object.id, [created]: object.createdAt.toISOString(), [modified]: object.updatedAt.toISOString() };
  let properties: Record<string, string | null> = all;
  if (asked && asked.length > 0) {
    properties = { hs_object_id: object.id, [created]: all[created] ?? null, [modified]: all[modified] ?? null };
    for (const name of asked) properties[name] = all[name] ?? null;
  }
  return { id: object.id, properties, createdAt: object.createdAt.toISOString(), updatedAt: object.updatedAt.toISOString(), archived: false };
}

export function propertyShape(property: FakeHubspotProperty, displayOrder: number) {
  return {
    name: property.name,
    label: property.label,
    type: property.type,
    fieldType: property.fieldType,
    description: "",
    groupName: "contactinformation",
    options: [],
    displayOrder,
    calculated: false,
    externalOptions: false,
    hasUniqueValue: false,
    hidden: Boolean(property.hidden),
    hubspotDefined: true,
    formField: !property.readOnly,
    modificationMetadata: { archivable: false, readOnlyDefinition: true, readOnlyValue: Boolean(property.readOnly) },
    createdAt: EPOCH.toISOString(),
    updatedAt: EPOCH.toISOString(),
    archived: false,
  };
}

export function pipelineShape(pipeline: (typeof FAKE_HUBSPOT_PIPELINES)[number], displayOrder: number) {
  return {
    id: pipeline.id,
    label: pipeline.label,
    displayOrder,
    createdAt: EPOCH.toISOString(),
    updatedAt: EPOCH.toISOString(),
    archived: false,
    stages: pipeline.stages.map((stage, index) => ({
      id: stage.id,
      label: stage.label,
      displayOrder: index,
      metadata: { isClosed: stage.isClosed, probability: stage.probability },
      createdAt: EPOCH.toISOString(),
      updatedAt: EPOCH.toISOString(),
      archived: false,
      writePermissions: "CRM_PERMISSIONS_ENFORCEMENT",
    })),
  };
}

export function listShape(list: FakeHubspotList) {
  return {
    listId: list.listId,
    name: list.name,
    objectTypeId: list.objectTypeId,
    processingType: "MANUAL",
    processingStatus: "COMPLETE",
    listVersion: 1,
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.createdAt.toISOString(),
    filtersUpdatedAt: list.createdAt.toISOString(),
    additionalProperties: { hs_list_size: String(list.members.length), hs_list_reference_count: "0" },
  };
}

export interface SearchFilter {
  propertyName: string;
  operator: string;
  value?: string | number;
  values?: Array<string | number>;
  highValue?: string | number;
}

function comparable(name: string, value: string | null | undefined): number | string | null {
  if (value === null || value === undefined) return null;
  if (name === "hs_object_id" || /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  // Dates are stored ISO and filtered by epoch milliseconds or ISO alike, as HubSpot allows.
  if (/date$/.test(name)) {
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return time;
  }
  return value.toLowerCase();
}

/** Whether a contact's properties pass one filter, with HubSpot's operators (EQ on text is case-insensitive). */
export function passesFilter(properties: Record<string, string | null>, filter: SearchFilter): boolean {
  const actual = properties[filter.propertyName];
  const has = actual !== null && actual !== undefined && actual !== "";
  const left = comparable(filter.propertyName, actual);
  const right = comparable(filter.propertyName, filter.value === undefined ? undefined : String(filter.value));
  switch (filter.operator) {
    case "HAS_PROPERTY":
      return has;
    case "NOT_HAS_PROPERTY":
      return !has;
    case "EQ":
      return has && left === right;
    case "NEQ":
      return left !== right;
    case "IN":
      return has && (filter.values ?? []).some((value) => comparable(filter.propertyName, String(value)) === left);
    case "NOT_IN":
      return !(filter.values ?? []).some((value) => comparable(filter.propertyName, String(value)) === left);
    case "GT":
      return has && left !== null && right !== null && left > right;
    case "GTE":
      return has && left !== null && right !== null && left >= right;
    case "LT":
      return has && left !== null && right !== null && left < right;
    case "LTE":
      return has && left !== null && right !== null && left <= right;
    default:
      return false;
  }
}

/**
 * Search sorts as HubSpot reads them: a string is a property name, a leading "-" descending (the
 * official client's README); an object {propertyName, direction} as the REST reference shows. A
 * string that is no property name (e.g. a JSON object in a string) is ignored, as HubSpot does.
 */
export function parseSorts(sorts: unknown): Array<{ propertyName: string; direction: "ASCENDING" | "DESCENDING" }> {
  if (!Array.isArray(sorts)) return [];
  return sorts.flatMap((sort: unknown) => {
    if (typeof sort === "string") {
      const propertyName = sort.replace(/^-/, "");
      if (!/^[a-z0-9_]+$/i.test(propertyName)) return [];
      return [{ propertyName, direction: sort.startsWith("-") ? ("DESCENDING" as const) : ("ASCENDING" as const) }];
    }
    const { propertyName, direction } = (sort ?? {}) as { propertyName?: unknown; direction?: unknown };
    return typeof propertyName === "string" ? [{ propertyName, direction: direction === "DESCENDING" ? ("DESCENDING" as const) : ("ASCENDING" as const) }] : [];
  });
}
