// Fuzzes every operation of the public API from its OpenAPI document: wrong types, missing fields,
// huge strings, NUL characters, unicode, deep nesting, wrong content types and random mutations,
// through the registry's handlers on the real database. Nothing may answer 5xx, and every error
// must be {error: {code, message, details?}}. Seeded: a failure names its case and replays exactly.
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "@/server/env";
import { buildOpenApiDocument } from "@/server/openapi/document";
import { approvalCampaign, approvalSender, seedPendingComment, seedPendingVoiceNote, useTemporaryFileStorage } from "@/server/test/approvals-seed";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { deeplyNested, FUZZ_STRINGS, pick, randomValue, resolveSchema, sampleFromSchema, seededRandom, type Schema } from "@/server/test/openapi-fuzz";

const SEED = 11;
const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];
/** Unicode a URL can carry: no NUL (its own case) and no lone surrogate (not encodable). */
const URL_SAFE_UNICODE = FUZZ_STRINGS.unicode.filter((text) => !text.includes("\u0000") && !/[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, "")));

interface Operation {
  method: string;
  path: string;
  spec: Schema;
}

interface FuzzCase {
  label: string;
  params: Record<string, string>;
  query?: Record<string, string>;
  rawBody?: string;
  contentType?: string;
  withoutKey?: boolean;
  /** The field a NUL was put in: the answer must be a 400 naming it. */
  nulField?: string;
}

const document: Schema = buildOpenApiDocument();
const operations: Operation[] = Object.entries(document.paths as Record<string, Record<string, Schema>>)
  .flatMap(([apiPath, item]) => Object.entries(item).map(([method, spec]) => ({ method, path: apiPath, spec })))
  // Deletions last, so that the resources the other operations use still exist.
  .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) || a.path.localeCompare(b.path));

/** The codes the OpenAPI document lists for one status of an operation (`x-error-codes`). */
function documentedCodes(operation: Operation, status: number): string[] {
  const responses = (operation.spec.responses ?? {}) as Record<string, Schema>;
  const codes: unknown = responses[String(status)]?.["x-error-codes"];
  return Array.isArray(codes) ? codes.filter((code): code is string => typeof code === "string") : [];
}

function parameters(operation: Operation, location: "path" | "query"): Schema[] {
  return ((operation.spec.parameters ?? []) as Schema[]).filter((parameter) => parameter.in === location);
}

function bodySchema(operation: Operation): Schema | undefined {
  const schema = operation.spec.requestBody?.content?.["application/json"]?.schema;
  return schema ? resolveSchema(schema, document) : undefined;
}

function casesFor(operation: Operation, ids: Map<string, string>, random: () => number): FuzzCase[] {
  const params: Record<string, string> = {};
  for (const parameter of parameters(operation, "path")) {
    const collection = operation.path.slice(0, operation.path.indexOf(`{${parameter.name}}`) - 1);
    params[parameter.name] = ids.get(collection) ?? String(parameter.schema?.example ?? "zzz_1");
  }
  const cases: FuzzCase[] = [{ label: "plausible request", params }];
  if (operation.spec.security?.length) cases.push({ label: "no API key", params, withoutKey: true });

  for (const name of Object.keys(params)) {
    cases.push({ label: `path ${name} with NUL`, params: { ...params, [name]: `abc\u0000def` }, nulField: name });
    cases.push({ label: `path ${name} huge`, params: { ...params, [name]: "z".repeat(10_000) } });
    cases.push({ label: `path ${name} unicode`, params: { ...params, [name]: pick(random, URL_SAFE_UNICODE) } });
    cases.push({ label: `path ${name} dots`, params: { ...params, [name]: "../../etc/passwd" } });
  }

  for (const parameter of parameters(operation, "query")) {
    const name = parameter.name as string;
    const values: Array<[string, string]> = [
      ["NUL", "1\u0000"],
      ["huge", "9".repeat(50_000)],
      ["unicode", pick(random, URL_SAFE_UNICODE)],
      ["empty", ""],
      ["negative", "-1"],
      ["overflow", "1e309"],
      ["not a number", "NaN"],
      ["hex", "0x10"],
      ["object-ish", "[object Object]"],
    ];
    for (const [what, value] of values) {
      cases.push({ label: `query ${name} ${what}`, params, query: { [name]: value }, nulField: what === "NUL" ? name : undefined });
    }
  }

  const schema = bodySchema(operation);
  if (!schema) {
    if (operation.method !== "get") cases.push({ label: "unexpected body", params, rawBody: "not json at all", contentType: "text/plain" });
    return cases;
  }
  const sample = (sampleFromSchema(schema, document) ?? {}) as Record<string, unknown>;
  const json = (value: unknown) => JSON.stringify(value);
  cases.push({ label: "plausible body", params, rawBody: json(sample) });
  cases.push({ label: "empty object", params, rawBody: "{}" });
  for (const [label, rawBody] of [
    ["invalid JSON", "{"],
    ["JSON null", "null"],
    ["JSON array", "[]"],
    ["JSON string", '"text"'],
    ["raw NUL byte", '{"a":"\u0000"}'],
    ["deep nesting", "[".repeat(20_000) + "]".repeat(20_000)],
    ["deep object", json(deeplyNested(3_000))],
    ["over 1 MB", json({ ...sample, padding: "p".repeat(1_200_000) })],
  ] as const) {
    cases.push({ label, params, rawBody });
  }
  for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml"]) {
    cases.push({ label: `content type ${contentType}`, params, rawBody: json(sample), contentType });
  }
  for (const property of Object.keys(schema.properties ?? {})) {
    const variants: Array<[string, unknown]> = [
      ["null", null],
      ["wrong type", pick(random, FUZZ_STRINGS.wrongTypes)],
      ["NUL", "a\u0000b"],
      ["huge string", "h".repeat(200_000)],
      ["unicode", pick(random, FUZZ_STRINGS.unicode.filter((text) => !text.includes("\u0000")))],
      ["deep nesting", deeplyNested(2_000)],
    ];
    for (const [what, value] of variants) {
      cases.push({ label: `body.${property} ${what}`, params, rawBody: json({ ...sample, [property]: value }), nulField: what === "NUL" ? `body.${property}` : undefined });
    }
    const withoutProperty = { ...sample };
    delete withoutProperty[property];
    cases.push({ label: `body without ${property}`, params, rawBody: json(withoutProperty) });
  }
  // A sequence's sample has only the first step kind: each kind (the document's enum) gets a body of
  // its own, bare and with another kind's settings, so every step shape reaches the handlers.
  if (schema.properties?.sequence) {
    const stepKinds = (resolveSchema(document.components.schemas.SequenceStep, document).properties?.type?.enum ?? []) as string[];
    for (const kind of stepKinds) {
      cases.push({ label: `body.sequence a ${kind} step`, params, rawBody: json({ ...sample, sequence: { steps: [{ type: kind }] } }) });
      const steps = [{ id: "a", type: kind, config: { variable: "phone", whenUnable: "skip" } }, { id: "b", type: "visit_profile", parent: "a", branch: "no" }];
      cases.push({ label: `body.sequence a ${kind} step with settings and a no branch`, params, rawBody: json({ ...sample, sequence: { steps } }) });
    }
  }
  for (let index = 0; index < 4; index++) {
    const properties = [...Object.keys(schema.properties ?? {}), "unknownField"];
    const mutated = { ...sample, [pick(random, properties)]: randomValue(random), [pick(random, properties)]: randomValue(random) };
    cases.push({ label: `random mutation ${index}`, params, rawBody: json(mutated) });
  }
  return cases;
}

let key: string;
const ids = new Map<string, string>();

beforeAll(async () => {
  // The fuzz sends far more than a minute's allowance from one key.
  process.env.HERALD_API_RATE_LIMIT_PER_MINUTE = "1000000";
  resetEnv();
  const context = await createTestWorkspace();
  ({ key } = await createTestApiKey(context.actor));
  // Drafts waiting for approval are made by the executor, not by a POST: seeded, so that the
  // approvals' operations are fuzzed on real drafts rather than only answering 404.
  useTemporaryFileStorage();
  const sender = await approvalSender(context.actor);
  const campaign = await approvalCampaign(context.actor);
  ids.set("/pending-comments", (await seedPendingComment({ actor: context.actor, campaign, sender })).draft.id);
  ids.set("/pending-voice-notes", (await seedPendingVoiceNote({ actor: context.actor, campaign, sender })).draft.id);
});

async function send(operation: Operation, fuzzCase: FuzzCase) {
  const concretePath = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(fuzzCase.params[name] ?? ""));
  const headers: Record<string, string> = {};
  if (fuzzCase.rawBody !== undefined) headers["content-type"] = fuzzCase.contentType ?? "application/json";
  return callApi(operation.method.toUpperCase(), concretePath, {
    key: fuzzCase.withoutKey ? undefined : key,
    headers,
    rawBody: fuzzCase.rawBody,
    query: fuzzCase.query,
  });
}

describe(`API fuzz (seed ${SEED})`, () => {
  it("answers every fuzzed request of every operation without a 5xx, errors in the error shape", { timeout: 300_000 }, async () => {
    const random = seededRandom(SEED);
    const failures: string[] = [];
    let requests = 0;
    for (const operation of operations) {
      for (const fuzzCase of casesFor(operation, ids, random)) {
        const name = `${operation.method.toUpperCase()} ${operation.path} – ${fuzzCase.label}`;
        let response: Awaited<ReturnType<typeof send>>;
        try {
          response = await send(operation, fuzzCase);
        } catch (error) {
          failures.push(`${name}: threw ${(error as Error).message.slice(0, 200)}`);
          continue;
        }
        requests++;
        const { status, body } = response;
        if (status >= 500) failures.push(`${name}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
        else if (status >= 400) {
          const error = body?.error;
          const shaped = typeof error?.code === "string" && typeof error?.message === "string" && (error.details === undefined || typeof error.details === "object");
          if (!shaped) failures.push(`${name}: ${status} not in the error shape: ${JSON.stringify(body).slice(0, 200)}`);
          else if (!documentedCodes(operation, status).includes(error.code)) {
            failures.push(`${name}: ${status} ${error.code} is not among the codes the document lists for ${status}`);
          }
        }
        if (fuzzCase.nulField) {
          const fields = ((body?.error?.details?.fields ?? []) as Array<{ field: string }>).map((issue) => issue.field);
          if (status !== 400 || !fields.includes(fuzzCase.nulField)) {
            failures.push(`${name}: expected 400 naming ${fuzzCase.nulField}, got ${status} ${JSON.stringify(body).slice(0, 200)}`);
          }
        }
        // Resources made by plausible requests give the later operations real ids to work on.
        if (status < 300 && operation.method === "post" && !operation.path.includes("{") && typeof body?.data?.id === "string") {
          if (!ids.has(operation.path)) ids.set(operation.path, body.data.id);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
    // The plausible requests reached real resources, not just 404s.
    expect([...ids.keys()]).toEqual(expect.arrayContaining(["/campaigns", "/lead-lists"]));
  });
});
