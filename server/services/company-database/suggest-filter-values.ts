import type { Actor } from "../../lib/actor";
import type { TFilterValuesInput, TFilterValuesResult } from "../../schemas/company-database";

/** POST /database/filter-values: suggestions for a filter field, free (placeholder). */
export async function suggestFilterValues(actor: Actor, input: TFilterValuesInput): Promise<TFilterValuesResult> {
  void actor;
  void input;
  throw new Error("suggestFilterValues is not built yet");
}
