import { fieldErrorText, type FieldLabelContext } from "./field-labels";

/** Field errors from a tRPC error (zod or HeraldError), keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { fields?: Array<{ field: string; message: string }> | null } } | null)?.data;
  const result: Record<string, string> = {};
  for (const issue of data?.fields ?? []) result[issue.field] ??= issue.message;
  return result;
}

/**
 * One message for an error, for people: the problems of the fields it names, each under the
 * field's label ("Step #3 Message — Note: too long"), else the server's message. Field errors are
 * preferred because the message of an input error names fields as the API does (or is zod's raw
 * issue list).
 */
export function errorMessage(error: unknown, context?: FieldLabelContext): string | null {
  if (!error) return null;
  const fields = Object.entries(fieldErrors(error));
  if (fields.length) return fields.map(([field, message]) => fieldErrorText(field, message, context)).join(" · ");
  return (error as { message?: string }).message ?? "Something went wrong.";
}

/** The HeraldError code behind a tRPC error (`invalid-credentials`, `seat-limit-reached`…), if any. */
export function errorCode(error: unknown): string | null {
  return (error as { data?: { heraldCode?: string | null } } | null)?.data?.heraldCode ?? null;
}
