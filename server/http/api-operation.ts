// An operation of the public API: its path, method and schemas. Route handlers validate with these
// schemas and the OpenAPI document is generated from them, so the two cannot drift apart.
import type { z } from "zod";
import type { ErrorStatus } from "../lib/errors";

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
  successStatus?: 200 | 201 | 202;
  /** Error statuses this operation can answer besides 401, 429 and 500 (documented in OpenAPI). */
  errors?: readonly ErrorStatus[];
  /** Whether X-Herald-Workspace may select another workspace of the key's creator. */
  acceptsWorkspaceHeader?: boolean;
  /** False for the few public operations (the OpenAPI document itself). */
  authenticated?: boolean;
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
