// The org API half of the Salesforce stand-in (server/test/fakes/salesforce-fake.ts says what it
// serves and from which reference).
import type { FakeAnswer, FakeRequest } from "./local-http-fake";
import { FAKE_API_PATH, salesforceTime, type SalesforceFakeState } from "./salesforce-fake";
import { fieldValue, matches, parseSoql, sortRecords, type FakeRecord, type ParsedQuery } from "./salesforce-fake-soql";
import { describeObject, SCHEMA } from "./salesforce-fake-schema";

function refuse(status: number, errorCode: string, message: string, fields: string[] = []): FakeAnswer {
  return { status, body: [{ message, errorCode, fields }] };
}

function recordUrl(type: string, id: string): string {
  return `${FAKE_API_PATH}/sobjects/${type}/${id}`;
}

function project(fake: SalesforceFakeState, record: FakeRecord & { type: string }, fields: string[]): Record<string, unknown> {
  const lookup = (id: string) => fake.records.get(id);
  const out: Record<string, unknown> = { attributes: { type: record.type, url: recordUrl(record.type, record.Id) } };
  for (const field of fields) {
    const [relationship, name] = field.split(".");
    if (name === undefined) {
      out[field] = record[field] ?? null;
      continue;
    }
    const parentId = record[`${relationship}Id`];
    const parent = typeof parentId === "string" ? fake.records.get(parentId) : undefined;
    if (!parent) out[relationship ?? ""] = null;
    else {
      const nested = (out[relationship ?? ""] as Record<string, unknown> | undefined) ?? { attributes: { type: parent.type, url: recordUrl(parent.type, parent.Id) } };
      nested[name] = fieldValue(record, field, lookup);
      out[relationship ?? ""] = nested;
    }
  }
  return out;
}

function batchSize(request: FakeRequest): number {
  const option = /batchSize=(\d+)/.exec(String(request.headers["sforce-query-options"] ?? ""));
  return option ? Math.max(200, Math.min(2000, Number(option[1]))) : 2000;
}

function batchAnswer(fake: SalesforceFakeState, rows: FakeRecord[], offset: number, size: number, locator: string): FakeAnswer {
  const records = rows.slice(offset, offset + size);
  const done = offset + size >= rows.length;
  if (done) fake.locators.delete(locator);
  return { body: { totalSize: rows.length, done, ...(done ? {} : { nextRecordsUrl: `${FAKE_API_PATH}/query/${locator}-${offset + size}` }), records } };
}

function unknownField(query: ParsedQuery): string | null {
  const schema = SCHEMA[query.object];
  if (!schema) return null;
  const names = new Set(schema.fields.map((field) => field.name));
  for (const field of query.fields) {
    const [first, second] = field.split(".");
    if (second === undefined ? !names.has(field) : !names.has(`${first}Id`)) return field;
  }
  return null;
}

function queryAnswer(fake: SalesforceFakeState, request: FakeRequest): FakeAnswer {
  const soql = request.query.get("q") ?? "";
  fake.queries.push(soql);
  let query: ParsedQuery;
  try {
    query = parseSoql(soql);
  } catch (error) {
    return refuse(400, "MALFORMED_QUERY", `unexpected token: ${error instanceof Error ? error.message : String(error)}`);
  }
  const missing = unknownField(query);
  if (missing) return refuse(400, "INVALID_FIELD", `No such column '${missing}' on entity '${query.object}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name.`);
  const lookup = (id: string) => fake.records.get(id);
  let rows = fake.byType(query.object).filter((record) => matches(query.where, record, lookup));
  rows = sortRecords(rows, query.orderBy, lookup);
  if (query.limit !== null) rows = rows.slice(0, query.limit);
  const projected = rows.map((record) => project(fake, record, query.fields)) as FakeRecord[];
  const locator = fake.newId("01g");
  fake.locators.set(locator, projected);
  return batchAnswer(fake, projected, 0, batchSize(request), locator);
}

/** Checks a create or update body against the object's schema; answers the refusal, or null. */
function refusal(fake: SalesforceFakeState, type: string, body: Record<string, unknown>, mode: "create" | "update", current: FakeRecord | null): FakeAnswer | null {
  const schema = SCHEMA[type];
  if (!schema) return refuse(404, "NOT_FOUND", "The requested resource does not exist");
  const fields = new Map(schema.fields.map((field) => [field.name, field]));
  for (const [name, value] of Object.entries(body)) {
    const field = fields.get(name);
    if (!field) return refuse(400, "INVALID_FIELD", `No such column '${name}' on sobject of type ${type}`);
    if (mode === "create" ? !field.createable : !field.updateable) return refuse(400, "INVALID_FIELD_FOR_INSERT_UPDATE", `Unable to create/update fields: ${name}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`, [name]);
    if (field.name === "StageName" && !field.picklist?.includes(String(value))) return refuse(400, "INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST", `Stage: bad value for restricted picklist field: ${String(value)}`, [name]);
    if (field.type === "reference" && typeof value === "string" && value !== "" && !fake.records.has(value)) return refuse(400, "ENTITY_IS_DELETED", "entity is deleted", [name]);
  }
  const merged = { ...current, ...body };
  const missing = schema.fields.filter((field) => field.required && (merged[field.name] === undefined || merged[field.name] === null || merged[field.name] === "")).map((field) => field.name);
  if (missing.length > 0) return refuse(400, "REQUIRED_FIELD_MISSING", `Required fields are missing: [${missing.join(", ")}]`, missing);
  const rule = fake.validationRules.get(type);
  if (rule) return refuse(400, "FIELD_CUSTOM_VALIDATION_EXCEPTION", rule);
  return null;
}

function sobjectsAnswer(fake: SalesforceFakeState, request: FakeRequest, rest: string[]): FakeAnswer {
  const [type = "", second, third, fourth] = rest;
  if (second === "describe" && request.method === "GET") {
    const describe = describeObject(type);
    return describe ? { body: describe } : refuse(404, "NOT_FOUND", `The requested resource does not exist`);
  }
  if (second === "listviews" && request.method === "GET") {
    const views = fake.listViews.filter((view) => view.object === type);
    if (third === undefined) {
      const base = `${FAKE_API_PATH}/sobjects/${type}/listviews`;
      return { body: { done: true, nextRecordsUrl: null, size: views.length, sobjectType: type, listviews: views.map((view) => ({ describeUrl: `${base}/${view.id}/describe`, developerName: view.label.replace(/\W+/g, "_"), id: view.id, label: view.label, resultsUrl: `${base}/${view.id}/results`, soqlCompatible: true, url: `${base}/${view.id}` })) } };
    }
    const view = views.find((candidate) => candidate.id === third);
    if (!view || fourth !== "describe") return refuse(404, "NOT_FOUND", "The requested resource does not exist");
    const query = `SELECT Id, LastName, CreatedDate, SystemModstamp FROM ${type} WHERE ${view.where} ORDER BY LastName ASC NULLS FIRST, Id ASC NULLS FIRST`;
    return { body: { columns: [{ fieldNameOrPath: "Name", label: "Name", sortable: true, type: "string" }], id: view.id, orderBy: [{ fieldNameOrPath: "LastName", nullsPosition: "first", sortDirection: "ascending" }], query, scope: "everything", sobjectType: type, whereCondition: {} } };
  }
  if (second === undefined && request.method === "POST") {
    const body = JSON.parse(request.body.toString("utf8") || "{}") as Record<string, unknown>;
    const refused = refusal(fake, type, body, "create", null);
    if (refused) return refused;
    const record = fake.add(type, body);
    return { status: 201, body: { id: record.Id, success: true, errors: [] } };
  }
  const record = second ? fake.records.get(second) : undefined;
  if (!record || record.type !== type) return refuse(404, "NOT_FOUND", "The requested resource does not exist");
  if (request.method === "GET") return { body: project(fake, record, Object.keys(record).filter((key) => key !== "type")) };
  if (request.method === "PATCH") {
    const body = JSON.parse(request.body.toString("utf8") || "{}") as Record<string, unknown>;
    const refused = refusal(fake, type, body, "update", record);
    if (refused) return refused;
    Object.assign(record, body, { SystemModstamp: salesforceTime(fake.time()) });
    return { status: 204 };
  }
  return refuse(405, "METHOD_NOT_ALLOWED", `HTTP Method '${request.method}' not allowed`);
}

export function salesforceApiAnswer(fake: SalesforceFakeState, request: FakeRequest): FakeAnswer {
  const bearer = String(request.headers.authorization ?? "").replace(/^Bearer /, "") || (request.query.get("oauth_token") ?? "");
  if (!fake.accessTokens.has(bearer)) return refuse(401, "INVALID_SESSION_ID", "Session expired or invalid");
  if (request.path.startsWith("/id/")) {
    const [, , organizationId, userId] = request.path.split("/");
    const user = fake.records.get(userId ?? "");
    return { body: { id: `${fake.url}${request.path}`, asserted_user: true, user_id: userId, organization_id: organizationId, username: "ada@analytical.test", nick_name: "ada", display_name: String(user?.Name ?? ""), email: "ada@analytical.test", urls: { rest: `${fake.url}/services/data/v{version}/`, sobjects: `${fake.url}/services/data/v{version}/sobjects/`, query: `${fake.url}/services/data/v{version}/query/` }, active: true, user_type: "STANDARD", language: "en_US" } };
  }
  if (fake.limited) return refuse(403, "REQUEST_LIMIT_EXCEEDED", "TotalRequests Limit exceeded.");
  if (request.path === FAKE_API_PATH || request.path === `${FAKE_API_PATH}/`) {
    return { body: { identity: `${fake.url}/id/${fake.organization.Id}/${fake.userId}`, query: `${FAKE_API_PATH}/query`, sobjects: `${FAKE_API_PATH}/sobjects` } };
  }
  if (request.method === "GET" && request.path === `${FAKE_API_PATH}/query`) return queryAnswer(fake, request);
  const more = new RegExp(`^${FAKE_API_PATH.replace(/\./g, "\\.")}/query/([A-Za-z0-9]+)-(\\d+)$`).exec(request.path);
  if (request.method === "GET" && more) {
    const rows = fake.locators.get(more[1] ?? "");
    if (!rows) return refuse(400, "INVALID_QUERY_LOCATOR", "invalid query locator");
    return batchAnswer(fake, rows, Number(more[2]), batchSize(request), more[1] ?? "");
  }
  if (request.path.startsWith(`${FAKE_API_PATH}/sobjects/`)) return sobjectsAnswer(fake, request, request.path.slice(`${FAKE_API_PATH}/sobjects/`.length).split("/"));
  return refuse(404, "NOT_FOUND", "The requested resource does not exist");
}
