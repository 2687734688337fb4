// An operation of the public API: its path, method and schemas. Route handlers validate with these
// schemas and the OpenAPI document is generated from them, so the two cannot drift apart.
import type { z } from "zod";
import type { ErrorCode, ErrorStatus } from "../lib/errors";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface ApiOperation<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  operationId: string;
  method: HttpMethod;
  /** Path below /api/v1 in OpenAPI form, e.g. `/campaigns/{id}`. */
  path: `/${string}`;
  summary: string;
  description?: string;
  tags: string[];
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /** Schema of the success body. */
  response: TResponse;
  /**
   * A body that is not JSON: the handler answers the text itself (a string response schema), sent as
   * an attachment of this media type. Default application/json.
   */
  responseMediaType?: "text/csv";
  successStatus?: 200 | 201 | 202;
  /**
   * Error codes this operation can answer besides the ones every operation shares (authentication,
   * rate limit, input validation, Idempotency-Key, 500): each is listed under its status in OpenAPI.
   */
  errors?: readonly ErrorCode[];
  /**
   * The contract's exception to the code's status, stated once per operation: POST /accounts with
   * `totpSecret` answers every sign-in failure with 400 (spec, POST /accounts rule 5).
   */
  statusException?: StatusException<z.output<TBody>>;
  /** Whether X-Herald-Workspace may select another workspace of the key's creator. */
  acceptsWorkspaceHeader?: boolean;
  /** False for the few public operations (the OpenAPI document itself). */
  authenticated?: boolean;
}

export interface StatusException<TBody> {
  codes: readonly ErrorCode[];
  status: ErrorStatus;
  /** Whether the request is one the exception covers, from its parsed body. */
  applies(body: TBody): boolean;
}

export function defineOperation<
  TParams extends z.ZodType = z.ZodUndefined,
  TQuery extends z.ZodType = z.ZodUndefined,
  TBody extends z.ZodType = z.ZodUndefined,
  TResponse extends z.ZodType = z.ZodType,
>(operation: ApiOperation<TParams, TQuery, TBody, TResponse>): ApiOperation<TParams, TQuery, TBody, TResponse> {
  return operation;
}

export function isWrite(method: HttpMethod): boolean {
  return method !== "get";
}
