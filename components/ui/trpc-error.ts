/** Field errors from a tRPC error (zod or HeraldError), keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { fields?: Array<{ field: string; message: string }> | null } } | null)?.data;
  const result: Record<string, string> = {};
  for (const issue of data?.fields ?? []) result[issue.field] ??= issue.message;
  return result;
}

export function errorMessage(error: unknown): string | null {
  if (!error) return null;
  return (error as { message?: string }).message ?? "Something went wrong.";
}

/** The HeraldError code behind a tRPC error (`invalid-credentials`, `seat-limit-reached`…), if any. */
export function errorCode(error: unknown): string | null {
  return (error as { data?: { heraldCode?: string | null } } | null)?.data?.heraldCode ?? null;
}
