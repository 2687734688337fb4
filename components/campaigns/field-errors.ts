import { fieldErrors } from "@/components/ui/trpc-error";

/**
 * Field errors of campaigns.update, keyed by the campaign field (`schedule.timezone`,
 * `linkedinAccountIds`): the tRPC input check names them under `changes.`, the service without it.
 */
export function campaignFieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(error))) result[field.replace(/^changes\./, "")] ??= message;
  return result;
}

/** The first error among fields under a prefix (`linkedinAccountIds` matches `linkedinAccountIds.2`). */
export function firstErrorUnder(errors: Record<string, string>, prefix: string): string | undefined {
  const key = Object.keys(errors).find((field) => field === prefix || field.startsWith(`${prefix}.`));
  return key ? errors[key] : undefined;
}
