import { fieldErrorText, type FieldLabelContext } from "./field-labels";

/** Field errors from a tRPC error (zod or HeraldError), keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { fields?: Array<{ field: string; message: string }> | null } } | null)?.data;
  const result: Record<string, string> = {};
  for (const issue of data?.fields ?? []) result[issue.field] ??= issue.message;
  return result;
}

/**
 * One message for an error, for people. A message in the API's field form ("Invalid
 * sequence.steps.2.config.note: too long", as every schema check words it) gives way to the problems
 * of the fields it names, each under the field's label ("Step #3 Message — Note: too long"); any
 * other message was written for people and says more than its field list ("Leads are in progress:
 * only copy and delays may change…"), so it is shown as it is.
 */
export function errorMessage(error: unknown, context?: FieldLabelContext): string | null {
  if (!error) return null;
  const message = (error as { message?: string }).message;
  const fields = Object.entries(fieldErrors(error));
  if (fields.length && (!message || /^Invalid /.test(message))) {
    return fields.map(([field, text]) => fieldErrorText(field, text, context)).join(" · ");
  }
  return message ?? "Something went wrong.";
}

/** The HeraldError code behind a tRPC error (`invalid-credentials`, `seat-limit-reached`…), if any. */
export function errorCode(error: unknown): string | null {
  return (error as { data?: { heraldCode?: string | null } } | null)?.data?.heraldCode ?? null;
}
