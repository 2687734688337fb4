import type { Actor } from "../../lib/actor";
import type { TPersonSearchInput, TPersonSearchResult } from "../../schemas/company-database";

/** POST /database/people/search: one page of people, one AI credit per result (placeholder). */
export async function searchPeople(actor: Actor, input: TPersonSearchInput): Promise<TPersonSearchResult> {
  void actor;
  void input;
  throw new Error("searchPeople is not built yet");
}
