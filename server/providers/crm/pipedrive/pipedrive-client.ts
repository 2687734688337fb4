// One Pipedrive company as a CrmClient, through the official client (API v2 for persons, fields,
// organizations, deals, pipelines and stages; v1 for notes, filters and the current user, which v2
// does not offer yet). Herald's activity is a note on the person: notes show on the person's
// timeline, need no activity type the company may have renamed, and are never "due".
import type { v2 } from "pipedrive";
import { CrmError, type CrmActivity, type CrmClient, type CrmField, type CrmList, type CrmMatch, type CrmOAuthConfig, type CrmPipeline, type CrmRecordRef, type CrmTokens } from "../types";
import { linkedinSlugSpellings, sameLinkedinProfile } from "../linkedin-url";
import { pipedriveApiDomain, pipedriveApis, type PipedriveApis } from "./pipedrive-http";
import { CONTACT_SYNC_FIELDS, crmField, joinName, ORGANIZATION_NAME_CRM_FIELD, personWrite } from "./pipedrive-person-fields";
import { pipedriveListMembers, pullPipedriveExclusions } from "./pipedrive-pull";

const LIST_PAGE_SIZE = 500;

function recordId(id: string, what: string): number {
  const value = Number(id);
  if (!Number.isSafeInteger(value) || value <= 0) throw new CrmError("not-found", `"${id}" is not a Pipedrive ${what}.`);
  return value;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A note's HTML (Pipedrive notes are HTML): the subject in bold, the text, the reply's interest. */
export function noteContent(activity: CrmActivity): string {
  const lines = [`<b>${escapeHtml(activity.subject)}</b>`];
  if (activity.body.trim() !== "") lines.push(escapeHtml(activity.body).replace(/\r?\n/g, "<br>"));
  if (activity.interest) lines.push(`Interest: ${escapeHtml(activity.interest)}`);
  return lines.join("<br>");
}

/** Pipedrive's add_time: "YYYY-MM-DD HH:MM:SS" in UTC. */
/** How many pages of recently changed persons a look after a lost create reads (100 a page). */
const RECENT_PAGES = 5;

function noteTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

async function allPages<T>(read: (cursor: string | undefined) => Promise<{ data?: T[]; additional_data?: { next_cursor?: string | null } }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    items.push(...(page.data ?? []));
    cursor = page.additional_data?.next_cursor ?? undefined;
  } while (cursor);
  return items;
}

export function pipedriveClient(tokens: CrmTokens, config: CrmOAuthConfig): CrmClient {
  const domain = pipedriveApiDomain(config.apiBaseUrl, tokens.instanceUrl);
  const apis: PipedriveApis = pipedriveApis(domain, tokens.accessToken);
  let currentUser: Promise<v2.Person["owner_id"]> | null = null;
  const connectedUserId = async (): Promise<number> => {
    currentUser ??= apis.users.getCurrentUser().then((answer) => answer.data?.id);
    const id = await currentUser;
    if (typeof id !== "number") throw new CrmError("unavailable", "Pipedrive did not say who connected it; try again later.");
    return id;
  };
  const personUrl = (id: number | string) => `${domain}/person/${id}`;
  let personFields: Promise<v2.GetPersonFields200ResponseDataInner[]> | null = null;
  const readPersonFields = () => {
    personFields ??= allPages((cursor) => apis.personFields.getPersonFields({ limit: LIST_PAGE_SIZE, cursor }));
    personFields.catch(() => (personFields = null));
    return personFields;
  };

  /** Leaves out the contact-sync fields this company does not have (job title by default). */
  async function withoutMissingFields<T extends v2.AddPersonRequest | v2.UpdatePersonRequest>(body: T): Promise<T> {
    const asked = CONTACT_SYNC_FIELDS.filter((field) => body[field] !== undefined);
    if (asked.length === 0) return body;
    const codes = new Set((await readPersonFields()).map((field) => field.field_code));
    const kept = { ...body };
    for (const field of asked) if (!codes.has(field)) delete kept[field];
    return kept;
  }

  async function searchPersonIds(term: string, fields: "email" | "custom_fields", exactMatch: boolean): Promise<number[]> {
    const answer = await apis.persons.searchPersons({ term, fields, exact_match: exactMatch, limit: 10 });
    return (answer.data?.items ?? []).map((found) => found.item?.id).filter((id): id is number => typeof id === "number");
  }

  async function organizationId(name: string): Promise<number> {
    const found = await apis.organizations.searchOrganization({ term: name, fields: "name", exact_match: true, limit: 1 });
    const existing = found.data?.items?.[0]?.item?.id;
    if (typeof existing === "number") return existing;
    const created = await apis.organizations.addOrganization({ AddOrganizationRequest: { name } });
    if (typeof created.data?.id !== "number") throw new CrmError("unavailable", `Pipedrive did not answer with the new organization ${name}.`);
    return created.data.id;
  }

  return {
    async account() {
      const me = (await apis.users.getCurrentUser()).data;
      if (!me?.company_id) throw new CrmError("unavailable", "Pipedrive did not say which company the connection reaches.");
      return { id: String(me.company_id), name: me.company_name || me.company_domain || `Pipedrive company ${me.company_id}` };
    },

    async listFields(): Promise<CrmField[]> {
      return [...(await readPersonFields()).map(crmField), ORGANIZATION_NAME_CRM_FIELD];
    },

    async listPipelines(): Promise<CrmPipeline[]> {
      const pipelines = await allPages((cursor) => apis.pipelines.getPipelines({ limit: LIST_PAGE_SIZE, cursor }));
      const stages = await allPages((cursor) => apis.stages.getStages({ limit: LIST_PAGE_SIZE, cursor, sort_by: "order_nr", sort_direction: "asc" }));
      return pipelines
        .filter((pipeline) => !pipeline.is_deleted)
        .sort((a, b) => (a.order_nr ?? 0) - (b.order_nr ?? 0))
        .map((pipeline) => ({
          id: String(pipeline.id),
          name: pipeline.name ?? `Pipeline ${pipeline.id}`,
          stages: stages
            .filter((stage) => stage.pipeline_id === pipeline.id && !stage.is_deleted)
            .sort((a, b) => (a.order_nr ?? 0) - (b.order_nr ?? 0))
            .map((stage) => ({ id: String(stage.id), name: stage.name ?? `Stage ${stage.id}` })),
        }));
    },

    async listLists(): Promise<CrmList[]> {
      const filters = (await apis.filters.getFilters({ type: "people" })).data ?? [];
      return filters.filter((filter) => filter.active_flag !== false && typeof filter.id === "number").map((filter) => ({ id: String(filter.id), name: filter.name ?? `Filter ${filter.id}`, size: null }));
    },

    async findContact(match: CrmMatch): Promise<CrmRecordRef | null> {
      if (match.email && match.email.trim() !== "") {
        const [id] = await searchPersonIds(match.email.trim(), "email", true);
        if (id !== undefined) return { id: String(id), url: personUrl(id) };
      }
      if (match.linkedinUrl && match.linkedinField) {
        // A partial search on the profile's slug finds it under any spelling of the URL; the
        // field's value is then compared as a profile (linkedin-url.ts).
        const candidates: number[] = [];
        for (const slug of linkedinSlugSpellings(match.linkedinUrl)) candidates.push(...(await searchPersonIds(slug, "custom_fields", false)));
        if (candidates.length === 0) return null;
        const unique = [...new Set(candidates)];
        // The search matches any custom field: keep the person whose LinkedIn field holds the URL.
        const persons = (await apis.persons.getPersons({ ids: unique.join(",") })).data ?? [];
        const field = match.linkedinField;
        const person = persons.find((candidate) => {
          const value = candidate.custom_fields?.[field];
          return typeof value === "string" && match.linkedinUrl !== null && sameLinkedinProfile(value, match.linkedinUrl);
        });
        if (person?.id !== undefined) return { id: String(person.id), url: personUrl(person.id) };
      }
      return null;
    },

    async findRecentContact(match: CrmMatch, since: Date): Promise<CrmRecordRef | null> {
      // Pipedrive's search index lags behind a create: the persons list, filtered by update time, does not.
      const email = match.email?.trim().toLowerCase() || null;
      const field = match.linkedinField;
      let cursor: string | undefined;
      for (let pages = 0; pages < RECENT_PAGES; pages += 1) {
        const answer = await apis.persons.getPersons({ updated_since: since.toISOString().replace(/\.\d{3}Z$/, "Z"), sort_by: "update_time", sort_direction: "desc", limit: 100, cursor });
        const person = (answer.data ?? []).find(
          (candidate) =>
            (email !== null && (candidate.emails ?? []).some((entry) => entry.value?.trim().toLowerCase() === email)) ||
            (match.linkedinUrl !== null && field !== null && typeof candidate.custom_fields?.[field] === "string" && sameLinkedinProfile(String(candidate.custom_fields[field]), match.linkedinUrl)),
        );
        if (person?.id !== undefined) return { id: String(person.id), url: personUrl(person.id) };
        cursor = answer.additional_data?.next_cursor ?? undefined;
        if (!cursor) break;
      }
      return null;
    },

    async createContact(properties) {
      const write = personWrite(properties);
      const body = write.body;
      body.name ??= joinName(write.firstName, write.lastName) || body.emails?.[0]?.value || "Unknown person";
      if (write.organizationName) body.org_id = await organizationId(write.organizationName);
      const created = await apis.persons.addPerson({ AddPersonRequest: await withoutMissingFields(body) });
      if (typeof created.data?.id !== "number") throw new CrmError("unavailable", "Pipedrive did not answer with the new person.");
      return { id: String(created.data.id), url: personUrl(created.data.id) };
    },

    async updateContact(id, properties) {
      const personId = recordId(id, "person");
      const write = personWrite(properties);
      const body: v2.UpdatePersonRequest = { ...write.body };
      const current = (await apis.persons.getPerson({ id: personId })).data;
      if (!current) throw new CrmError("not-found", `Pipedrive has no person ${id}.`);
      if (write.firstName !== null || write.lastName !== null) {
        body.name ??= joinName(write.firstName ?? current.first_name, write.lastName ?? current.last_name) || current.name;
      }
      if (body.emails) {
        // Pipedrive replaces the whole list: keep the person's other addresses behind the new primary one.
        const primary = body.emails[0]?.value ?? "";
        const others = (current.emails ?? []).filter((email) => email.value && email.value.toLowerCase() !== primary.toLowerCase()).map((email) => ({ ...email, primary: false }));
        body.emails = [...body.emails, ...others];
      }
      if (write.organizationName) body.org_id = await organizationId(write.organizationName);
      if (Object.keys(body).length === 0) return;
      await apis.persons.updatePerson({ id: personId, UpdatePersonRequest: await withoutMissingFields(body) });
    },

    async logActivity(contactId, activity) {
      const note = await apis.notes.addNote({ AddNoteRequest: { content: noteContent(activity), person_id: recordId(contactId, "person"), add_time: noteTime(activity.occurredAt) } });
      if (typeof note.data?.id !== "number") throw new CrmError("unavailable", "Pipedrive did not answer with the new note.");
      return { id: String(note.data.id), url: personUrl(contactId) };
    },

    async createDeal(contactId, deal) {
      const created = await apis.deals.addDeal({
        AddDealRequest: { title: deal.name, person_id: recordId(contactId, "person"), pipeline_id: recordId(deal.pipelineId, "pipeline"), stage_id: recordId(deal.stageId, "stage") },
      });
      if (typeof created.data?.id !== "number") throw new CrmError("unavailable", "Pipedrive did not answer with the new deal.");
      return { id: String(created.data.id), url: `${domain}/deal/${created.data.id}` };
    },

    pullExclusions: (input) => pullPipedriveExclusions(apis, connectedUserId, input),
    listMembers: (input) => pipedriveListMembers(apis, input),
  };
}
