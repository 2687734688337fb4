// The one wrapper around every /api/v1 handler: API-key authentication, the per-key rate limit,
// X-Herald-Workspace, input validation, Idempotency-Key replay, holding an AI agent's write for
// approval and counting writes against the key's budgets (docs/agent-approvals.md), and the error
// translation. Each operation's handler is made with `apiHandler` beside its operation
// (server/openapi/operations/<area>/handlers.ts) and listed in server/openapi/registry.ts; the
// process serves it from the request gate's match (serve-api.ts), the tests through
// server/test/call-api.ts, and an approved agent's write runs it through `invoke`. It answers a
// plain ApiAnswer, which each of those writes its own way.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { env } from "../env";
import { runForApiKey } from "../lib/api-key-context";
import type { Actor } from "../lib/actor";
import { APPROVER_DENIED_MESSAGE, approverMayUseApi } from "../lib/approver-access";
import { now } from "../lib/clock";
import { sha256Hex } from "../lib/crypto";
import { HeraldError, isHeraldError, toErrorBody, type ErrorStatus } from "../lib/errors";
import { logger } from "../lib/logger";
import { invalidInputFromZod } from "../lib/zod-issues";
import { holdAgentWrite } from "../services/agent-writes/hold-agent-write";
import { authenticateApiKey, resolveApiActor } from "../services/api-keys/authenticate-api-key";
import { releaseKeyAction } from "../services/api-keys/release-key-action";
import { reserveKeyAction } from "../services/api-keys/reserve-key-action";
import { isAgentRequest } from "./agent-client";
import { wasRequestCharged } from "./charged-requests";
import { requestClientAddress } from "./client-address";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
} from "../services/idempotency/claim-idempotency-key";
import { consumeApiRequest, type RateLimitState } from "../services/rate-limits/consume-api-request";
import { isWrite, type ApiOperation } from "./api-operation";
import { refuseNulCharacters } from "./nul-characters";
import { readBoundedBody } from "./read-bounded-body";

export const WORKSPACE_HEADER = "x-herald-workspace";
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface ApiRequest<Op extends ApiOperation> {
  /** Present on every authenticated operation. */
  actor: Actor;
  params: Output<NonNullable<Op["params"]>>;
  query: Output<NonNullable<Op["query"]>>;
  body: Output<NonNullable<Op["body"]>>;
  request: Request;
  requestId: string;
}

/** An answer of the API, written to the socket by serve-api.ts. */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or null for no body. */
  body: string | null;
}

export interface ApiHandler<Op extends ApiOperation = ApiOperation> {
  operation: Op;
  /** `params` are the path parameters the router matched, decoded. */
  serve(request: Request, params: Readonly<Record<string, string>>): Promise<ApiAnswer>;
  /**
   * Runs the operation for `actor` without authenticating a request: the same validation, budgets
   * and handler as `serve`, never held. For an agent's write an admin approved (services/agent-writes).
   */
  invoke(input: InvokeInput): Promise<ApiAnswer>;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiAnswer {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: status === 204 ? null : JSON.stringify(body),
  };
}

function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "x-ratelimit-limit": String(state.limit),
    "x-ratelimit-remaining": String(state.remaining),
    "x-ratelimit-reset": String(Math.ceil(state.resetAt.getTime() / 1000)),
  };
}

/** One part of a request (path parameters, query, body) parsed with its schema, or the plain 400 naming the field. */
export function parsePart(schema: z.ZodType | undefined, value: unknown, location: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const error = invalidInputFromZod(result.error);
  if (location) error.message = error.message.replace(/^Invalid /, `Invalid ${location} `);
  throw error;
}

async function readJsonBody(request: Request): Promise<{ raw: string; value: unknown }> {
  const raw = await readBoundedBody(request);
  if (!raw.trim()) return { raw, value: {} };
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType && !/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new HeraldError({
      code: "invalid-input",
      message: `Send JSON with Content-Type: application/json (got ${contentType}).`,
      details: { fields: [{ field: "Content-Type", message: "must be application/json" }] },
    });
  }
  try {
    return { raw, value: JSON.parse(raw) };
  } catch (error) {
    throw HeraldError.invalidInput(`The request body is not valid JSON: ${(error as Error).message}`, [
      { field: "body", message: "is not valid JSON" },
    ]);
  }
}

/** The code's status, unless the operation's contract states an exception for this request. */
function statusFor(operation: ApiOperation, answer: ReturnType<typeof toErrorBody>, body: unknown): ErrorStatus {
  const exception = operation.statusException;
  if (exception && body !== undefined && exception.codes.includes(answer.body.error.code) && exception.applies(body)) {
    return exception.status;
  }
  return answer.status;
}

/** An operation run for a known actor, without authentication: an agent's write approved later. */
export interface InvokeInput {
  actor: Actor;
  /** Raw path parameters, query and body as first received; validated again here. */
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string>>;
  body?: unknown;
}

function errorAnswer(operation: ApiOperation, error: unknown, body: unknown, requestId: string, baseHeaders: Record<string, string>): ApiAnswer {
  const answer = toErrorBody(error);
  const status = statusFor(operation, answer, body);
  // An exception's status (a 400) is final: no Retry-After.
  const retryAfterSeconds = status === answer.status ? answer.retryAfterSeconds : undefined;
  if (status >= 500) {
    // A HeraldError 5xx is a known condition (an upstream timeout); anything else is a bug.
    if (isHeraldError(error)) logger.warn("API request could not be completed", { requestId, operation: operation.operationId, code: error.code });
    else logger.error("API request failed", { requestId, operation: operation.operationId, error });
  }
  const headers = { ...baseHeaders };
  if (retryAfterSeconds !== undefined) headers["retry-after"] = String(retryAfterSeconds);
  return json(status, answer.body, headers);
}

export function apiHandler<Op extends ApiOperation>(
  operation: Op,
  handler: (request: ApiRequest<Op>) => Promise<z.input<Op["response"]>>,
): ApiHandler<Op> {
  return { operation, serve, invoke };

  function requireApproverReach(actor: Actor): void {
    // The key acts with its creator's role of this request, so a key made before its creator
    // became an approver is held to the approver's reach too.
    if (actor.role === "approver" && !approverMayUseApi(operation.path)) {
      throw new HeraldError({ code: "forbidden", message: APPROVER_DENIED_MESSAGE });
    }
  }

  /** Parses the raw parts; `readBody` gives the body's JSON value, read only for an operation that has one. */
  async function validate(rawParams: Readonly<Record<string, string>>, rawQuery: Record<string, string>, readBody: () => Promise<unknown>) {
    refuseNulCharacters({ params: rawParams, query: rawQuery });
    const params = parsePart(operation.params, rawParams, "path parameter");
    const query = parsePart(operation.query, rawQuery, "query parameter");
    let body: unknown;
    let rawBody: unknown;
    if (operation.body) {
      rawBody = await readBody();
      refuseNulCharacters({ body: rawBody });
      body = parsePart(operation.body, rawBody, "");
    }
    return { params, query, body, rawBody };
  }

  /** Runs the operation: counted against the key's budgets when a write, answered as the API answers. */
  async function perform(actor: Actor | undefined, parts: Awaited<ReturnType<typeof validate>>, request: Request, requestId: string, baseHeaders: Record<string, string>) {
    const countedKey = actor?.apiKeyId && isWrite(operation.method) ? actor.apiKeyId : undefined;
    if (countedKey) await reserveKeyAction(countedKey);
    let result: z.input<Op["response"]>;
    try {
      result = await runForApiKey(actor?.apiKeyId, () =>
        handler({
          actor: actor as Actor,
          params: parts.params as ApiRequest<Op>["params"],
          query: parts.query as ApiRequest<Op>["query"],
          body: parts.body as ApiRequest<Op>["body"],
          request,
          requestId,
        }),
      );
      if (process.env.NODE_ENV !== "production") {
        // Keeps the OpenAPI document honest: a response that does not match its schema fails tests.
        const checked = operation.response.safeParse(result);
        if (!checked.success) {
          throw new Error(`Response of ${operation.operationId} does not match its schema: ${checked.error.message}`);
        }
      }
    } catch (error) {
      // The budget counts writes performed: a failed one gives its action back.
      if (countedKey) await releaseKeyAction(countedKey).catch(() => {});
      throw error;
    }
    const status = operation.successStatus ?? 200;
    if (operation.responseMediaType && typeof result === "string") {
      // A read (GET): no Idempotency-Key applies. The file name is fixed, never from the request.
      const extension = operation.responseMediaType.split("/")[1];
      const answer: ApiAnswer = {
        status,
        headers: {
          ...baseHeaders,
          "content-type": `${operation.responseMediaType}; charset=utf-8`,
          "content-disposition": `attachment; filename="herald-${operation.operationId.replace(/[^A-Za-z0-9-]/g, "")}.${extension}"`,
        },
        body: result,
      };
      return { answer, result: undefined };
    }
    return { answer: json(status, result, baseHeaders), result };
  }

  async function invoke(input: InvokeInput): Promise<ApiAnswer> {
    const requestId = randomUUID();
    const baseHeaders: Record<string, string> = { "x-request-id": requestId };
    let body: unknown;
    try {
      requireApproverReach(input.actor);
      const parts = await validate(input.params, { ...input.query }, async () => input.body ?? {});
      body = parts.body;
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input.params[name] ?? ""));
      const request = new Request(new URL(`/api/v1${path}`, "http://herald.invalid"), { method: operation.method.toUpperCase() });
      return (await perform(input.actor, parts, request, requestId, baseHeaders)).answer;
    } catch (error) {
      return errorAnswer(operation, error, body, requestId, baseHeaders);
    }
  }

  async function serve(request: Request, rawParams: Readonly<Record<string, string>>): Promise<ApiAnswer> {
    const requestId = randomUUID();
    const baseHeaders: Record<string, string> = { "x-request-id": requestId };
    let idempotencyRecordId: string | undefined;
    let body: unknown;
    try {
      let actor: Actor | undefined;
      if (operation.authenticated !== false) {
        const identity = await authenticateApiKey(request.headers.get("authorization"), requestClientAddress(request.headers));
        // A tool call of the MCP endpoint was charged there: one token per call, not two.
        const rate = wasRequestCharged(request) ? undefined : consumeApiRequest(identity.apiKeyId, env().HERALD_API_RATE_LIMIT_PER_MINUTE);
        if (rate) Object.assign(baseHeaders, rateLimitHeaders(rate));
        if (rate && !rate.allowed) {
          const seconds = Math.max(1, Math.ceil((rate.resetAt.getTime() - now().getTime()) / 1000));
          throw new HeraldError({
            code: "rate-limited",
            message: `Too many requests for this API key: the limit is ${rate.limit} per minute.`,
            retryAfterSeconds: Math.min(seconds, 60),
          });
        }
        const requested = operation.acceptsWorkspaceHeader ? request.headers.get(WORKSPACE_HEADER) : null;
        actor = await resolveApiActor(identity, requested?.trim() || null);
        requireApproverReach(actor);
      }

      const url = new URL(request.url);
      const rawQuery = Object.fromEntries(url.searchParams);
      let rawBody = "";
      const parts = await validate(rawParams, rawQuery, async () => {
        const read = await readJsonBody(request);
        rawBody = read.raw;
        return read.value;
      });
      body = parts.body;

      const idempotencyKey = request.headers.get(IDEMPOTENCY_HEADER);
      if (actor && isWrite(operation.method) && idempotencyKey !== null) {
        if (idempotencyKey.length === 0 || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
          throw HeraldError.invalidInput(
            `Invalid header Idempotency-Key: must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
            [{ field: "Idempotency-Key", message: `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters` }],
          );
        }
        const requestHash = sha256Hex(
          JSON.stringify([operation.method, url.pathname, url.search, actor.workspaceId, rawBody]),
        );
        const claim = await claimIdempotencyKey({
          apiKeyId: actor.apiKeyId!,
          workspaceId: actor.workspaceId,
          key: idempotencyKey,
          method: operation.method.toUpperCase(),
          path: url.pathname,
          requestHash,
        });
        if (claim.kind === "replay") {
          return json(claim.status, claim.body, { ...baseHeaders, "idempotent-replayed": "true" });
        }
        idempotencyRecordId = claim.recordId;
      }

      if (actor && isWrite(operation.method) && (actor.agentKey || isAgentRequest(request))) {
        // An agent's write waits for a person when its workspace asks for that (services/agent-writes):
        // an agent's key is held however it reaches Herald, the header only adds a client's own writes.
        const held = await holdAgentWrite({
          actor,
          operation,
          path: url.pathname.replace(/^\/api\/v1/, ""),
          params: { ...rawParams },
          query: rawQuery,
          body: parts.rawBody,
          parsedBody: parts.body,
        });
        if (held) {
          if (idempotencyRecordId) await completeIdempotencyKey(idempotencyRecordId, 202, held);
          return json(202, held, baseHeaders);
        }
      }

      const { answer, result } = await perform(actor, parts, request, requestId, baseHeaders);
      if (idempotencyRecordId) await completeIdempotencyKey(idempotencyRecordId, answer.status, result);
      return answer;
    } catch (error) {
      const answer = errorAnswer(operation, error, body, requestId, baseHeaders);
      if (idempotencyRecordId) {
        // A 5xx or 429 may succeed when retried: forget the claim. Other errors are final and replay.
        if (answer.status >= 500 || answer.status === 429) await releaseIdempotencyKey(idempotencyRecordId).catch(() => {});
        else await completeIdempotencyKey(idempotencyRecordId, answer.status, answer.body === null ? null : JSON.parse(answer.body)).catch(() => {});
      }
      return answer;
    }
  }
}
