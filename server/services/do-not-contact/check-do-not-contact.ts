// Whether the list refuses a person, and why: the same look-up the decision core makes
// (find-listed-people.ts), for one person described by their address, profile and company.
import { normalizeAddress, doNotContactRefusal } from "../../domain/do-not-contact/entries";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { publicIdentifierFrom } from "../../lib/linkedin-url";
import { parseInput } from "../../lib/zod-issues";
import { ZDoNotContactCheckQuery, type TDoNotContactCheck, type TDoNotContactCheckQuery } from "../../schemas/do-not-contact";
import { findListedPeople, toListing } from "./find-listed-people";

export async function checkDoNotContact(actor: Actor, input: TDoNotContactCheckQuery): Promise<TDoNotContactCheck> {
  const query = parseInput(ZDoNotContactCheckQuery, input);
  if (query.email && !normalizeAddress(query.email)) {
    throw HeraldError.invalidInput(`Invalid query parameter email: is not an e-mail address: "${query.email}"`, [{ field: "email", message: "is not an e-mail address" }]);
  }
  if (query.linkedinUrl && !publicIdentifierFrom(query.linkedinUrl)) {
    throw HeraldError.invalidInput(`Invalid query parameter linkedinUrl: is not a LinkedIn profile: "${query.linkedinUrl}"`, [{ field: "linkedinUrl", message: "is not a LinkedIn profile" }]);
  }
  const listed = await findListedPeople(actor.workspaceId, [{ id: "person", email: query.email, profileUrl: query.linkedinUrl, company: query.company }]);
  const match = listed.get("person");
  if (!match) return { listed: false, entry: null, refusal: null };
  return {
    listed: true,
    entry: toListing(match),
    refusal: doNotContactRefusal(match),
  };
}
