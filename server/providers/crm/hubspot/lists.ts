// Contact lists (HubSpot's lists API, v3): the lists a person can pick for import or exclusion
// (POST /crm/v3/lists/search, contact lists only) and a list's members one page at a time
// (GET /crm/v3/lists/{listId}/memberships, paged by `after`), read back in batches of 100.
import type { CrmFieldMapping, CrmList, CrmPage, CrmPulledContact } from "../types";
import { callHubspot } from "./errors";
import { CONTACT_OBJECT_TYPE_ID } from "./hubspot-api";
import type { HubspotContext } from "./contacts";
import { propertiesToRead, readContacts, toPulledContact } from "./contacts";

/** Lists asked for per search page (HubSpot allows up to 500). */
const LIST_SEARCH_PAGE = 500;
/** No portal has more: a guard against a paging loop that never ends. */
const LIST_SEARCH_MAX_PAGES = 40;
export const MEMBERS_PAGE_SIZE = 100;

export async function listContactLists(context: HubspotContext): Promise<CrmList[]> {
  const lists: CrmList[] = [];
  let offset = 0;
  for (let page = 0; page < LIST_SEARCH_MAX_PAGES; page += 1) {
    const answer = await callHubspot("list the contact lists", () =>
      context.api.crm.lists.listsApi.doSearch({ offset, count: LIST_SEARCH_PAGE, additionalProperties: ["hs_list_size"] }),
    );
    for (const list of answer.lists) {
      if (list.objectTypeId !== CONTACT_OBJECT_TYPE_ID || list.deletedAt) continue;
      const size = Number(list.additionalProperties?.hs_list_size);
      lists.push({ id: list.listId, name: list.name, size: Number.isFinite(size) && list.additionalProperties?.hs_list_size !== undefined ? size : null });
    }
    if (!answer.hasMore || answer.lists.length === 0) break;
    // HubSpot answers the offset to ask for next; counted here too in case it repeats the one asked.
    offset = answer.offset > offset ? answer.offset : offset + answer.lists.length;
  }
  return lists.sort((a, b) => a.name.localeCompare(b.name));
}

/** One page of a list's memberships: record ids, when each joined, and the `after` of the next page. */
export async function listMembershipPage(context: HubspotContext, listId: string, after: string | null) {
  const answer = await callHubspot("read the list's members", () =>
    context.api.crm.lists.membershipsApi.getPage(listId, after ?? undefined, undefined, MEMBERS_PAGE_SIZE),
  );
  return {
    members: answer.results.map((member) => ({ id: member.recordId, joinedAt: member.membershipTimestamp instanceof Date ? member.membershipTimestamp : null })),
    nextAfter: answer.paging?.next?.after ?? null,
  };
}

export async function listMembers(context: HubspotContext, input: { listId: string; cursor: string | null; mapping: CrmFieldMapping[] }): Promise<CrmPage<CrmPulledContact>> {
  const page = await listMembershipPage(context, input.listId, input.cursor);
  const contacts = await readContacts(
    context,
    page.members.map((member) => member.id),
    propertiesToRead(input.mapping),
  );
  return { items: contacts.map((contact) => toPulledContact(contact, input.mapping, null)), nextCursor: page.nextAfter };
}
