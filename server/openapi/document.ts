// The OpenAPI 3.1 document of /api/v1, generated from the operations' zod schemas.
import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import type { ApiOperation } from "../http/api-operation";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "../http/api-handler";
import { approverMayUseApi } from "../lib/approver-access";
import { errorCodeToHttpStatus, type ErrorCode, type ErrorStatus } from "../lib/errors";
import { ZErrorBody } from "../schemas/common";
import { specAdditionsSection } from "../schemas/spec-additions";
import { operations } from "./operations";

const errorDescriptions: Record<ErrorStatus, string> = {
  400: "Invalid input: `error.details.fields` names each offending field",
  401: "Missing, malformed, revoked or unknown API key",
  402: "Not enough AI credits: `error.details` has the `balance` and the `cost` of the request when known",
  403: "Not allowed",
  404: "Not found (also for another workspace's resources)",
  405: "The path exists but not with this method: `Allow` lists the methods it has",
  409: "Conflict with the current state",
  413: "The request body is larger than the limit (1 MB of JSON; 4 MB for campaigns and their sequence; 8 MB for a voice note recording; 10 MB where leads are added)",
  422: "Valid input that cannot be processed in the current state",
  429: "Too many requests: retry after the number of seconds in `Retry-After`",
  500: "Unexpected error; it was logged",
  502: "An upstream provider failed",
  503: "Temporarily unavailable",
};

const ZIdempotencyKey = z
  .string()
  .max(MAX_IDEMPOTENCY_KEY_LENGTH)
  .optional()
  .meta({
    description:
      "Makes the write safe to retry: a retry with the same key and the same request replays the first response (header `Idempotent-Replayed: true`); the same key with a different request is a 409. Keys are kept for 24 hours.",
  });

const ZWorkspaceHeader = z
  .string()
  .optional()
  .meta({ description: "Act in another workspace that the API key's creator belongs to (403 otherwise)." });

function errorResponse(status: ErrorStatus, codes: readonly ErrorCode[]) {
  return {
    description: `${errorDescriptions[status]}. Codes: ${codes.map((code) => `\`${code}\``).join(", ")}.`,
    "x-error-codes": codes,
    content: { "application/json": { schema: ZErrorBody } },
  };
}

/** The codes an operation can answer, its own and the ones every operation of its kind shares. */
export function operationErrorCodes(operation: ApiOperation): ErrorCode[] {
  const codes = new Set<ErrorCode>(operation.errors ?? []);
  if (operation.authenticated !== false) {
    codes.add("unauthorized");
    codes.add("rate-limited");
    // An approver's key reaches only the approval queues and the conversations.
    if (!approverMayUseApi(operation.path)) codes.add("forbidden");
    if (operation.method !== "get") {
      codes.add("idempotency-key-reused");
      codes.add("idempotency-key-in-use");
      codes.add("key-budget-exhausted");
    }
  }
  if (operation.acceptsWorkspaceHeader) codes.add("workspace-not-allowed");
  if (operation.body || operation.query || operation.params) codes.add("invalid-input");
  if (operation.body) codes.add("payload-too-large");
  codes.add("internal");
  return [...codes];
}

/** Codes by the status they answer with, exceptions included (a code may then appear twice). */
function codesByStatus(operation: ApiOperation): Map<ErrorStatus, ErrorCode[]> {
  const byStatus = new Map<ErrorStatus, ErrorCode[]>();
  const add = (status: ErrorStatus, code: ErrorCode) => {
    const codes = byStatus.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    byStatus.set(status, codes);
  };
  for (const code of operationErrorCodes(operation)) add(errorCodeToHttpStatus[code], code);
  const exception = operation.statusException;
  if (exception) for (const code of exception.codes) add(exception.status, code);
  return byStatus;
}

function toOpenApiOperation(operation: ApiOperation): ZodOpenApiOperationObject {
  const headers: Record<string, z.ZodType> = {};
  if (operation.method !== "get" && operation.authenticated !== false) headers["Idempotency-Key"] = ZIdempotencyKey;
  if (operation.acceptsWorkspaceHeader) headers["X-Herald-Workspace"] = ZWorkspaceHeader;

  const responses: ZodOpenApiResponsesObject = {
    [`${operation.successStatus ?? 200}`]: {
      description: "Success",
      content: { [operation.responseMediaType ?? "application/json"]: { schema: operation.response } },
    },
  };
  const byStatus = [...codesByStatus(operation)].sort(([a], [b]) => a - b);
  for (const [status, codes] of byStatus) responses[`${status}`] = errorResponse(status, codes);

  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
    tags: operation.tags,
    security: operation.authenticated === false ? [] : [{ apiKey: [] }],
    requestParams: Object.fromEntries(
      Object.entries({
        path: operation.params,
        query: operation.query,
        header: Object.keys(headers).length ? z.object(headers) : undefined,
      }).filter(([, schema]) => schema !== undefined),
    ) as ZodOpenApiOperationObject["requestParams"],
    // An empty body is read as {} (api-route.ts): a body whose every field is optional may be left out.
    requestBody: operation.body
      ? { required: !operation.body.safeParse({}).success, content: { "application/json": { schema: operation.body } } }
      : undefined,
    responses,
  };
}

/**
 * zod's `.int()` bounds an integer to the safe range (±2^53-1) and the generated schema repeats that
 * as minimum/maximum on every count and limit: noise that reads like a real limit. The real bounds
 * (`.min(1).max(100)`) are kept; the safe-integer ones are dropped.
 */
function withoutSafeIntegerBounds<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    const record = node as Record<string, unknown>;
    if (record.minimum === Number.MIN_SAFE_INTEGER) delete record.minimum;
    if (record.maximum === Number.MAX_SAFE_INTEGER) delete record.maximum;
    stack.push(...Object.values(record));
  }
  return value;
}

export function buildOpenApiDocument(serverUrl = "/api/v1") {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method]) {
      throw new Error(`Two operations for ${operation.method.toUpperCase()} ${operation.path}`);
    }
    item[operation.method] = toOpenApiOperation(operation);
  }
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Herald API",
      version: "1.0.0",
      description: [
        "Herald automates outbound outreach on LinkedIn and e-mail. This is its public REST API.",
        "",
        "**Authentication.** Send an API key as `Authorization: Bearer <key>`. Keys are created in the dashboard under Settings → API and Webhooks; each acts as the member who created it, in a workspace: never as an instance administrator (the installation-wide role that grants AI credits, in the dashboard only).",
        "",
        "**Conventions.** JSON in and out. One resource is returned as `{data}`, a list as `{data, paging: {limit, offset}}` (plus `total` where shown). Lists take `limit` (1–100, default 50) and `offset` (≥ 0, default 0). Timestamps are ISO 8601 in UTC. Ids are prefixed strings (`wsp_…`, `key_…`).",
        "",
        "**Errors** are `{error: {code, message, details?}}` with a stable `code`. 400 `invalid-input` lists each offending field in `details.fields`; 401 means a missing or invalid key; 404 is also the answer for another workspace's resources; 429 carries `Retry-After`; a 500 never exposes internals.",
        "",
        "**Idempotency.** Writes accept `Idempotency-Key` (at most 255 characters): a retry replays the first response.",
        "",
        "**Rate limit.** Each key may make a fixed number of requests per minute (600 by default, set by the installation with `HERALD_API_RATE_LIMIT_PER_MINUTE`); responses carry `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.",
        "",
        "**Request size.** A request body may be at most 1 MB of JSON (4 MB for creating or updating a campaign, whose sequence may hold 500 steps; 10 MB for adding leads to a campaign or a lead list, which takes 1000 leads at a time, and for a verification job of up to 100,000 addresses; 8 MB for a voice note recording, 5 MB of audio in base64; 14 MB for uploading a file, whose 10 MB travel as base64). A larger body is refused with 413 `payload-too-large` before it is read; `details.limitBytes` gives the limit.",
        "",
        "**Paths and methods.** Paths have no trailing slash: `/campaigns/` is a 404. A method a path does not have is a 405 `method-not-allowed` whose `Allow` header (and `details.allow`) lists the methods it has; `HEAD` is not supported (405). `OPTIONS` answers 204 with `Allow`. A path segment that is not valid percent-encoded UTF-8 (`/campaigns/%ff`) is a 400 `invalid-input` naming the parameter. Text anywhere in a request (body, query, path) must not contain the NUL character `\\u0000`: it is a 400 `invalid-input` naming each such field (`body.name`, `status`, `id`).",
        "",
        ...specAdditionsSection(),
      ].join("\n"),
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "A Herald API key (`hk_…`)" } },
    },
    paths,
  });
  return withoutSafeIntegerBounds(document);
}
