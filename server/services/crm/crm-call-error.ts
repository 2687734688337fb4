import { HeraldError } from "../../lib/errors";
import { isCrmError } from "../../providers/crm/types";

/** A CRM's refusal while a person waits (the editors' pickers), as the one error type, in its words. */
export function crmCallError(label: string, error: unknown): unknown {
  if (!isCrmError(error)) return error;
  if (error.kind === "rate-limited") {
    return new HeraldError({ code: "rate-limited", message: `${label} asks Herald to slow down: try again in a minute. (${error.message})`, retryAfterSeconds: error.retryAfterSeconds ?? 60 });
  }
  return new HeraldError({ code: "provider-failed", message: `${label} answered: ${error.message}` });
}
