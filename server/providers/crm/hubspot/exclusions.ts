// The contacts HubSpot's side says Herald must leave alone: customers (lifecycle stage
// "customer"), owned contacts (hubspot_owner_id set) and members of chosen lists, changed since
// the last pull. One page per call, with an opaque cursor that resumes where the last page ended.
//
// Customers and owned contacts come from one CRM search (two filter groups, OR'ed), walked by
// hs_object_id ("greater than the last id", sorted ascending) rather than by search's `after`,
// which HubSpot stops at 10,000 results. Lists are walked member page by member page; with `since`
// a member counts when it joined the list or changed since then.
import { FilterOperatorEnum, type Filter, type FilterGroup } from "@hubspot/api-client/lib/codegen/crm/contacts/index.js";
import type { CrmExclusionRules, CrmFieldMapping, CrmPage, CrmPulledContact } from "../types";
import { CrmError } from "../types";
import { callHubspot } from "./errors";
import type { HubspotContext } from "./contacts";
import { propertiesToRead, readContacts, searchSort, toPulledContact } from "./contacts";
import { listMembershipPage } from "./lists";

export const EXCLUSIONS_PAGE_SIZE = 100;

/** Where a pull stands: in the search (after `lastId`), or in the rules' `listIndex`-th list (after `after`). */
type ExclusionCursor = { step: "search"; lastId: string } | { step: "list"; listIndex: number; after: string | null };

export function encodeExclusionCursor(cursor: ExclusionCursor): string {
  return Buffer.from(JSON.stringify(cursor), "utf8").toString("base64url");
}

export function decodeExclusionCursor(cursor: string): ExclusionCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  const value = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (value.step === "search" && typeof value.lastId === "string") return { step: "search", lastId: value.lastId };
  if (value.step === "list" && typeof value.listIndex === "number" && (typeof value.after === "string" || value.after === null)) {
    return { step: "list", listIndex: value.listIndex, after: value.after };
  }
  throw new CrmError("rejected", "The HubSpot sync's bookmark is unreadable; start the pull again from the beginning.");
}

function firstCursor(rules: CrmExclusionRules): ExclusionCursor | null {
  if (rules.customers || rules.owned) return { step: "search", lastId: "0" };
  return firstListCursor(rules, 0);
}

function firstListCursor(rules: CrmExclusionRules, listIndex: number): ExclusionCursor | null {
  return listIndex < rules.listIds.length ? { step: "list", listIndex, after: null } : null;
}

async function searchPage(
  context: HubspotContext,
  input: { rules: CrmExclusionRules; since: Date | null; mapping: CrmFieldMapping[] },
  lastId: string,
): Promise<{ items: CrmPulledContact[]; next: ExclusionCursor | null }> {
  const common: Filter[] = [{ propertyName: "hs_object_id", operator: FilterOperatorEnum.Gt, value: lastId }];
  if (input.since) common.push({ propertyName: "lastmodifieddate", operator: FilterOperatorEnum.Gte, value: String(input.since.getTime()) });
  const filterGroups: FilterGroup[] = [];
  if (input.rules.customers) filterGroups.push({ filters: [{ propertyName: "lifecyclestage", operator: FilterOperatorEnum.Eq, value: "customer" }, ...common] });
  if (input.rules.owned) filterGroups.push({ filters: [{ propertyName: "hubspot_owner_id", operator: FilterOperatorEnum.HasProperty }, ...common] });
  const answer = await callHubspot("look up the customers and owned contacts", () =>
    context.api.crm.contacts.searchApi.doSearch({
      filterGroups,
      properties: propertiesToRead(input.mapping, ["lifecyclestage", "hubspot_owner_id", "lastmodifieddate"]),
      sorts: [searchSort("hs_object_id")],
      limit: EXCLUSIONS_PAGE_SIZE,
    }),
  );
  const items = answer.results.map((contact) =>
    toPulledContact(contact, input.mapping, input.rules.customers && contact.properties.lifecyclestage === "customer" ? "customer" : "owned"),
  );
  const last = answer.results.at(-1);
  const more = last !== undefined && (answer.paging?.next !== undefined || answer.results.length >= EXCLUSIONS_PAGE_SIZE);
  return { items, next: more ? { step: "search", lastId: last.id } : firstListCursor(input.rules, 0) };
}

async function listPage(
  context: HubspotContext,
  input: { rules: CrmExclusionRules; since: Date | null; mapping: CrmFieldMapping[] },
  cursor: { listIndex: number; after: string | null },
): Promise<{ items: CrmPulledContact[]; next: ExclusionCursor | null }> {
  const listId = input.rules.listIds[cursor.listIndex];
  if (listId === undefined) return { items: [], next: null };
  const page = await listMembershipPage(context, listId, cursor.after);
  const contacts = await readContacts(
    context,
    page.members.map((member) => member.id),
    propertiesToRead(input.mapping, ["lastmodifieddate"]),
  );
  const joinedAt = new Map(page.members.map((member) => [member.id, member.joinedAt]));
  const since = input.since;
  const items = contacts
    .map((contact) => toPulledContact(contact, input.mapping, "list"))
    .filter((contact) => {
      if (!since) return true;
      const joined = joinedAt.get(contact.id);
      return (joined !== null && joined !== undefined && joined >= since) || (contact.updatedAt !== null && contact.updatedAt >= since);
    });
  const next: ExclusionCursor | null = page.nextAfter ? { step: "list", listIndex: cursor.listIndex, after: page.nextAfter } : firstListCursor(input.rules, cursor.listIndex + 1);
  return { items, next };
}

export async function pullExclusions(
  context: HubspotContext,
  input: { rules: CrmExclusionRules; since: Date | null; cursor: string | null; mapping: CrmFieldMapping[] },
): Promise<CrmPage<CrmPulledContact>> {
  const cursor = input.cursor ? decodeExclusionCursor(input.cursor) : firstCursor(input.rules);
  if (!cursor) return { items: [], nextCursor: null };
  const page = cursor.step === "search" ? await searchPage(context, input, cursor.lastId) : await listPage(context, input, cursor);
  return { items: page.items, nextCursor: page.next ? encodeExclusionCursor(page.next) : null };
}
