// The company API half of the Pipedrive stand-in (server/test/fakes/pipedrive-fake.ts says what it
// serves and from which reference). v2 lists page with an opaque `cursor` and answer
// `additional_data.next_cursor`; v1 answers `{success, data}`.
import type { FakeAnswer, FakeRequest } from "./local-http-fake";
import { pipedriveErrorBody, v1Time, v2Time, type FakePipedriveDeal, type FakePipedrivePerson, type PipedriveFakeState } from "./pipedrive-fake";

const STANDARD_FIELDS = [
  { field_name: "Name", field_code: "name", field_type: "varchar" },
  { field_name: "First name", field_code: "first_name", field_type: "varchar" },
  { field_name: "Last name", field_code: "last_name", field_type: "varchar" },
  { field_name: "Email", field_code: "emails", field_type: "varchar" },
  { field_name: "Phone", field_code: "phones", field_type: "phone" },
  { field_name: "Organization", field_code: "org_id", field_type: "org" },
  { field_name: "Owner", field_code: "owner_id", field_type: "user" },
  { field_name: "Job title", field_code: "job_title", field_type: "varchar" },
  { field_name: "Update time", field_code: "update_time", field_type: "date" },
] as const;

function json(request: FakeRequest): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(request.body.toString("utf8") || "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function page<T>(items: T[], request: FakeRequest): FakeAnswer {
  const limit = Math.min(Number(request.query.get("limit") ?? "100") || 100, 500);
  const start = Number(Buffer.from(request.query.get("cursor") ?? "", "base64url").toString("utf8") || "0");
  const slice = items.slice(start, start + limit);
  const next = start + limit < items.length ? Buffer.from(String(start + limit)).toString("base64url") : null;
  return { body: { success: true, data: slice, additional_data: { next_cursor: next } } };
}

function bad(status: number, error: string): FakeAnswer {
  return { status, body: pipedriveErrorBody(error) };
}

function byUpdateTime<T extends { update_time: string; id: number }>(items: T[], request: FakeRequest): T[] {
  const since = request.query.get("updated_since");
  const kept = since ? items.filter((item) => Date.parse(item.update_time) >= Date.parse(since)) : items;
  return [...kept].sort((a, b) => Date.parse(a.update_time) - Date.parse(b.update_time) || a.id - b.id);
}

function searchItem(fake: PipedriveFakeState, person: FakePipedrivePerson): object {
  const organization = person.org_id === null ? null : fake.organizations.get(person.org_id);
  return {
    result_score: 1,
    item: {
      id: person.id,
      type: "person",
      name: person.name,
      phones: person.phones.map((phone) => phone.value),
      emails: person.emails.map((email) => email.value),
      visible_to: person.visible_to,
      owner: { id: person.owner_id },
      organization: organization ? { id: organization.id, name: organization.name, address: null } : null,
      custom_fields: Object.values(person.custom_fields).filter((value): value is string => typeof value === "string"),
      notes: [],
    },
  };
}

/** Applies a v2 person body; answers the refusal's text, or null. */
function applyPerson(fake: PipedriveFakeState, person: FakePipedrivePerson, body: Record<string, unknown>): string | null {
  if ("first_name" in body || "last_name" in body) return "first_name and last_name are read-only in API v2: set name";
  if (typeof body.name === "string") {
    if (body.name.trim() === "") return "Name must be given";
    person.name = body.name;
    const [first = "", ...rest] = body.name.split(" ");
    person.first_name = first;
    person.last_name = rest.join(" ");
  }
  if (Array.isArray(body.emails)) person.emails = body.emails as FakePipedrivePerson["emails"];
  if (Array.isArray(body.phones)) person.phones = body.phones as FakePipedrivePerson["phones"];
  if (typeof body.job_title === "string") {
    if (!fake.contactSyncFields) return "Field job_title does not exist: set up contact sync to use it";
    person.job_title = body.job_title;
  }
  if (typeof body.org_id === "number") {
    if (!fake.organizations.has(body.org_id)) return `Organization with id ${body.org_id} does not exist`;
    person.org_id = body.org_id;
  }
  if (body.custom_fields && typeof body.custom_fields === "object") {
    for (const [key, value] of Object.entries(body.custom_fields as Record<string, unknown>)) {
      if (!fake.customFields.has(key)) return `Unknown custom field key: ${key}`;
      person.custom_fields[key] = typeof value === "string" ? value : null;
    }
  }
  person.update_time = v2Time(fake.time());
  return null;
}

function personsAnswer(fake: PipedriveFakeState, request: FakeRequest): FakeAnswer {
  const alive = [...fake.persons.values()].filter((person) => !person.is_deleted);
  if (request.method === "GET" && request.path === "/api/v2/persons/search") {
    const term = (request.query.get("term") ?? "").trim().toLowerCase();
    if (term.length < 2) return bad(400, "term must be at least 2 characters long");
    const fields = request.query.get("fields") ?? "name";
    const exact = request.query.get("exact_match") === "true";
    const hit = (value: string) => (exact ? value.toLowerCase() === term : value.toLowerCase().includes(term));
    const found = alive.filter((person) => !fake.unindexed.has(person.id)).filter((person) =>
      fields === "email" ? person.emails.some((email) => hit(email.value)) : fields === "custom_fields" ? Object.values(person.custom_fields).some((value) => typeof value === "string" && hit(value)) : hit(person.name),
    );
    return { body: { success: true, data: { items: found.map((person) => searchItem(fake, person)) }, additional_data: { next_cursor: null } } };
  }
  if (request.method === "GET" && request.path === "/api/v2/persons") {
    let items = alive;
    const ids = request.query.get("ids");
    if (ids) items = items.filter((person) => ids.split(",").map(Number).includes(person.id));
    const owner = request.query.get("owner_id");
    if (owner) items = items.filter((person) => person.owner_id === Number(owner));
    const filterId = request.query.get("filter_id");
    if (filterId) {
      const filter = fake.filters.find((candidate) => candidate.id === Number(filterId));
      if (!filter) return bad(404, "Filter not found");
      items = items.filter((person) => filter.memberIds.includes(person.id));
    }
    return page(byUpdateTime(items, request), request);
  }
  if (request.method === "POST" && request.path === "/api/v2/persons") {
    const body = json(request);
    if (typeof body.name !== "string" || body.name.trim() === "") return bad(400, "Name must be given");
    const person = fake.addPerson({ name: body.name });
    const refusal = applyPerson(fake, person, body);
    if (refusal) {
      fake.persons.delete(person.id);
      return bad(400, refusal);
    }
    if (fake.indexLag) fake.unindexed.add(person.id);
    if (fake.dropCreateReply) {
      fake.dropCreateReply = false;
      return { drop: true };
    }
    return { status: 201, body: { success: true, data: person } };
  }
  const match = /^\/api\/v2\/persons\/(\d+)$/.exec(request.path);
  const person = match ? fake.persons.get(Number(match[1])) : undefined;
  if (!person || person.is_deleted) return bad(404, "Person not found");
  if (request.method === "GET") return { body: { success: true, data: person } };
  if (request.method === "PATCH") {
    const before = structuredClone(person);
    const refusal = applyPerson(fake, person, json(request));
    if (refusal) {
      Object.assign(person, before);
      return bad(400, refusal);
    }
    return { body: { success: true, data: person } };
  }
  return bad(405, "Method not allowed");
}

function dealsAnswer(fake: PipedriveFakeState, request: FakeRequest): FakeAnswer {
  if (request.method === "GET") {
    const status = request.query.get("status");
    const items = [...fake.deals.values()].filter((deal) => !deal.is_deleted && (!status || deal.status === status));
    return page(byUpdateTime(items, request), request);
  }
  const body = json(request);
  if (typeof body.title !== "string" || body.title.trim() === "") return bad(400, "Title must be given");
  const pipeline = fake.pipelines.find((candidate) => candidate.id === body.pipeline_id);
  if (!pipeline) return bad(400, `Pipeline with id ${String(body.pipeline_id)} does not exist`);
  if (!pipeline.stages.some((stage) => stage.id === body.stage_id)) return bad(400, `Stage with id ${String(body.stage_id)} does not exist in pipeline ${pipeline.name}`);
  if (typeof body.person_id !== "number" || !fake.persons.has(body.person_id)) return bad(404, "Person not found");
  const deal: FakePipedriveDeal = { ...fake.addDeal({ personId: body.person_id, status: "open", title: body.title }), pipeline_id: pipeline.id, stage_id: Number(body.stage_id) };
  fake.deals.set(deal.id, deal);
  return { status: 201, body: { success: true, data: deal } };
}

function organizationsAnswer(fake: PipedriveFakeState, request: FakeRequest): FakeAnswer {
  if (request.method === "GET" && request.path === "/api/v2/organizations") {
    const ids = (request.query.get("ids") ?? "").split(",").filter(Boolean).map(Number);
    const organizations = [...fake.organizations.values()].filter((organization) => ids.length === 0 || ids.includes(organization.id));
    return page(organizations.map((organization) => ({ ...organization, is_deleted: false, visible_to: 3, label_ids: [], address: null, custom_fields: {} })), request);
  }
  if (request.method === "GET") {
    const term = (request.query.get("term") ?? "").trim().toLowerCase();
    const found = [...fake.organizations.values()].filter((organization) => organization.name.toLowerCase() === term);
    return { body: { success: true, data: { items: found.map((organization) => ({ result_score: 1, item: { id: organization.id, type: "organization", name: organization.name, address: null, visible_to: 3, owner: { id: organization.owner_id }, custom_fields: [], notes: [] } })) }, additional_data: { next_cursor: null } } };
  }
  const body = json(request);
  if (typeof body.name !== "string" || body.name.trim() === "") return bad(400, "Name must be given");
  const organization = { id: fake.nextId(), name: body.name, owner_id: fake.user.id, add_time: v2Time(fake.time()), update_time: v2Time(fake.time()) };
  fake.organizations.set(organization.id, organization);
  return { status: 201, body: { success: true, data: organization } };
}

function notesAnswer(fake: PipedriveFakeState, request: FakeRequest): FakeAnswer {
  const body = json(request);
  if (typeof body.content !== "string" || body.content.trim() === "") return bad(400, "Content must be given");
  if (typeof body.person_id !== "number") return bad(400, "A note must be attached to a deal, person, organization, lead or project");
  if (!fake.persons.get(body.person_id) || fake.persons.get(body.person_id)?.is_deleted) return bad(404, "Person not found");
  const note = { id: fake.nextId(), content: body.content, person_id: body.person_id, add_time: typeof body.add_time === "string" ? body.add_time : v1Time(fake.time()), update_time: v1Time(fake.time()), user_id: fake.user.id };
  fake.notes.set(note.id, note);
  return { status: 201, body: { success: true, data: { ...note, active_flag: true, deal_id: null, org_id: null, lead_id: null, pinned_to_person_flag: false } } };
}

export function pipedriveApiAnswer(fake: PipedriveFakeState, request: FakeRequest): FakeAnswer {
  const { path, method } = request;
  if (method === "GET" && path === "/api/v1/users/me") {
    return { body: { success: true, data: { id: fake.user.id, name: fake.user.name, email: fake.user.email, is_you: true, active_flag: true, company_id: fake.company.id, company_name: fake.company.name, company_domain: fake.company.domain } } };
  }
  if (method === "GET" && path === "/api/v1/filters") {
    const type = request.query.get("type");
    const filters = type && type !== "people" ? [] : fake.filters;
    return { body: { success: true, data: filters.map((filter) => ({ id: filter.id, name: filter.name, active_flag: true, type: "people", user_id: fake.user.id, add_time: v1Time(fake.time()), update_time: null, visible_to: "7", custom_view_id: null })) } };
  }
  if (method === "POST" && path === "/api/v1/notes") return notesAnswer(fake, request);
  if (method === "GET" && path === "/api/v2/personFields") {
    const custom = [...fake.customFields].map(([key, label]) => ({ field_name: label, field_code: key, field_type: "varchar", is_custom_field: true }));
    const standard = STANDARD_FIELDS.filter((field) => fake.contactSyncFields || field.field_code !== "job_title");
    return page([...standard.map((field) => ({ ...field, is_custom_field: false })), ...custom].map((field) => ({ ...field, is_optional_response_field: false, options: null, subfields: null })), request);
  }
  if (method === "GET" && path === "/api/v2/pipelines") return page(fake.pipelines.map(({ id, name, order_nr }) => ({ id, name, order_nr, is_deleted: false, is_deal_probability_enabled: false })), request);
  if (method === "GET" && path === "/api/v2/stages") {
    const stages = fake.pipelines.flatMap((pipeline) => pipeline.stages.map((stage, index) => ({ ...stage, pipeline_id: pipeline.id, order_nr: index + 1, is_deleted: false, deal_probability: 100 })));
    return page(stages, request);
  }
  if (path.startsWith("/api/v2/persons")) return personsAnswer(fake, request);
  if (path === "/api/v2/deals") return dealsAnswer(fake, request);
  if (path.startsWith("/api/v2/organizations")) return organizationsAnswer(fake, request);
  return bad(404, `Unknown method ${method} ${path}`);
}
