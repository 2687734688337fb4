import type { Actor } from "../../lib/actor";
import type { TAddDatabasePeopleInput } from "../../schemas/company-database";

export interface AddDatabasePeopleResult {
  /** People found for the selection (with a LinkedIn URL or an e-mail address). */
  people: number;
  added: number;
  skipped: number;
  charged: number;
  balance: number;
}

/** Adds people of the company database (chosen people, or every person of chosen companies) to a campaign or list (placeholder). */
export async function addDatabasePeople(actor: Actor, input: TAddDatabasePeopleInput): Promise<AddDatabasePeopleResult> {
  void actor;
  void input;
  throw new Error("addDatabasePeople is not built yet");
}
