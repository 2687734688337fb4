// POST /domains/search (extension): which domains can be bought and at what price for the years
// asked. A word (`acme`) gets the registrar's suggestions; a full domain (`acme.com`) is checked
// first, then the suggestions for its first label. Needs the email channel and the managed-mailbox
// feature gate on.
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TDomainOffer, TDomainSearchInput } from "../../schemas/mailbox-order";
import { checkDomainNames, suggestDomainNames, toDomainOffer } from "./registrar-offers";
import { requireOrdering } from "./require-ordering";

const MAX_OFFERS = 20;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The word to ask suggestions for and the domain asked for itself (when a full domain was typed). */
function readQuery(query: string): { word: string; exact: string | null } {
  const text = query.trim().toLowerCase().replace(/\s+/g, "");
  const labels = text.split(".");
  if (!labels.every((label) => LABEL.test(label))) {
    throw HeraldError.invalidInput("Invalid query: use letters, digits and dashes, e.g. acme or acme.com.", [
      { field: "query", message: "must be a name or a domain of letters, digits and dashes, e.g. acme or acme.com" },
    ]);
  }
  return { word: labels[0]!, exact: labels.length > 1 ? text : null };
}

export async function searchDomains(actor: Actor, input: TDomainSearchInput): Promise<TDomainOffer[]> {
  await requireOrdering(actor.workspaceId, "search for domains to buy");
  const { word, exact } = readQuery(input.query);
  const suggestions = await suggestDomainNames(word);
  const names = [...new Set([...(exact ? [exact] : []), ...suggestions.map((name) => name.toLowerCase())])].slice(0, MAX_OFFERS);
  const answers = await checkDomainNames(names);
  return answers.map((answer) => toDomainOffer(answer, input.years));
}
