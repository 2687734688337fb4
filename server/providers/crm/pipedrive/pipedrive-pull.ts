// Reading Pipedrive persons back into Herald: exclusions (customers, owned, filter members) and a
// filter's members for import, one page at a time with Pipedrive's v2 cursors.
// - customers: persons of won deals (GET /api/v2/deals?status=won), changed since via the deal's
//   update_time (winning a deal updates it);
// - owned: persons owned by someone other than the user who connected Pipedrive (every Pipedrive
//   person has an owner; the connecting user owns what Herald creates);
// - lists: members of Pipedrive filters of type "people" (GET /api/v2/persons?filter_id=).
// The cursor Herald keeps is which of these steps it is in and Pipedrive's cursor within it.
import type { v2 } from "pipedrive";
import { CrmError, type CrmExclusionRules, type CrmFieldMapping, type CrmPage, type CrmPulledContact } from "../types";
import type { PipedriveApis } from "./pipedrive-http";
import { ORGANIZATION_NAME_FIELD, pulledContact } from "./pipedrive-person-fields";

export const PAGE_SIZE = 100;

type Step = { kind: "customers" } | { kind: "owned" } | { kind: "list"; filterId: number };

interface PullCursor {
  step: number;
  inner: string | null;
}

function steps(rules: CrmExclusionRules): Step[] {
  const all: Step[] = [];
  if (rules.customers) all.push({ kind: "customers" });
  if (rules.owned) all.push({ kind: "owned" });
  for (const listId of rules.listIds) all.push({ kind: "list", filterId: filterId(listId) });
  return all;
}

export function filterId(listId: string): number {
  const id = Number(listId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new CrmError("not-found", `"${listId}" is not a Pipedrive filter.`);
  return id;
}

function readCursor(cursor: string | null): PullCursor {
  if (cursor === null) return { step: 0, inner: null };
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<PullCursor>;
    if (typeof parsed.step === "number" && (parsed.inner === null || typeof parsed.inner === "string")) return { step: parsed.step, inner: parsed.inner };
  } catch {
    // fall through: an unreadable cursor starts over, which the idempotent sync tolerates
  }
  return { step: 0, inner: null };
}

function writeCursor(cursor: PullCursor): string {
  return Buffer.from(JSON.stringify(cursor), "utf8").toString("base64url");
}

/** RFC 3339 without fractions, as Pipedrive's updated_since takes it. */
export function pipedriveTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The persons as pulled contacts, with their organizations' names when the mapping reads them (one request a page). */
async function pulledPage(apis: PipedriveApis, persons: v2.Person[], mapping: CrmFieldMapping[], reason: CrmPulledContact["reason"]): Promise<CrmPulledContact[]> {
  const names = new Map<number, string>();
  const organizationIds = [...new Set(persons.map((person) => person.org_id).filter((id): id is number => typeof id === "number"))];
  if (organizationIds.length > 0 && mapping.some((field) => field.crm === ORGANIZATION_NAME_FIELD)) {
    const organizations = (await apis.organizations.getOrganizations({ ids: organizationIds.join(","), limit: PAGE_SIZE })).data ?? [];
    for (const organization of organizations) if (typeof organization.id === "number" && organization.name) names.set(organization.id, organization.name);
  }
  return persons.map((person) => pulledContact(person, mapping, reason, typeof person.org_id === "number" ? (names.get(person.org_id) ?? null) : null));
}

interface StepPage {
  items: CrmPulledContact[];
  next: string | null;
}

async function customersPage(apis: PipedriveApis, since: Date | null, cursor: string | null, mapping: CrmFieldMapping[]): Promise<StepPage> {
  const deals = await apis.deals.getDeals({ status: "won", limit: PAGE_SIZE, cursor: cursor ?? undefined, updated_since: since ? pipedriveTime(since) : undefined, sort_by: "update_time", sort_direction: "asc" });
  const personIds = [...new Set((deals.data ?? []).map((deal) => deal.person_id).filter((id): id is number => typeof id === "number"))];
  let persons: v2.Person[] = [];
  if (personIds.length > 0) persons = (await apis.persons.getPersons({ ids: personIds.join(","), limit: PAGE_SIZE })).data ?? [];
  return { items: await pulledPage(apis, persons, mapping, "customer"), next: deals.additional_data?.next_cursor ?? null };
}

async function personsPage(apis: PipedriveApis, request: v2.PersonsApiGetPersonsRequest, keep: (person: v2.Person) => boolean, mapping: CrmFieldMapping[], reason: CrmPulledContact["reason"]): Promise<StepPage> {
  const page = await apis.persons.getPersons({ ...request, limit: PAGE_SIZE, sort_by: "update_time", sort_direction: "asc" });
  return { items: await pulledPage(apis, (page.data ?? []).filter(keep), mapping, reason), next: page.additional_data?.next_cursor ?? null };
}

export async function pullPipedriveExclusions(
  apis: PipedriveApis,
  connectedUserId: () => Promise<number>,
  input: { rules: CrmExclusionRules; since: Date | null; cursor: string | null; mapping: CrmFieldMapping[] },
): Promise<CrmPage<CrmPulledContact>> {
  const plan = steps(input.rules);
  const at = readCursor(input.cursor);
  const step = plan[at.step];
  if (!step) return { items: [], nextCursor: null };
  const since = input.since ? pipedriveTime(input.since) : undefined;
  const inner = at.inner ?? undefined;
  let page: StepPage;
  if (step.kind === "customers") page = await customersPage(apis, input.since, at.inner, input.mapping);
  else if (step.kind === "owned") {
    const me = await connectedUserId();
    page = await personsPage(apis, { updated_since: since, cursor: inner }, (person) => typeof person.owner_id === "number" && person.owner_id !== me, input.mapping, "owned");
  } else page = await personsPage(apis, { filter_id: step.filterId, updated_since: since, cursor: inner }, () => true, input.mapping, "list");
  const next: PullCursor | null = page.next ? { step: at.step, inner: page.next } : at.step + 1 < plan.length ? { step: at.step + 1, inner: null } : null;
  return { items: page.items, nextCursor: next ? writeCursor(next) : null };
}

export async function pipedriveListMembers(apis: PipedriveApis, input: { listId: string; cursor: string | null; mapping: CrmFieldMapping[] }): Promise<CrmPage<CrmPulledContact>> {
  const page = await personsPage(apis, { filter_id: filterId(input.listId), cursor: input.cursor ?? undefined }, () => true, input.mapping, null);
  return { items: page.items, nextCursor: page.next };
}
