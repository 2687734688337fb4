import { describe, expect, it } from "vitest";
import { filtersFromParams, inboxHref, isFiltered, listQuery, NO_FILTERS } from "./inbox-filters-state";

describe("the Inbox's filters in the address", () => {
  it("reads every filter and the open conversation's link back the same", () => {
    const filters = { channel: "email", accountId: "mbx_1", campaignId: "cmp_1", interest: "unknown", unread: true, replied: true, search: "ada l" } as const;
    const href = inboxHref(filters, "cnv_9");
    expect(href).toBe("/inbox?channel=email&account=mbx_1&campaign=cmp_1&interest=unknown&unread=1&replied=1&q=ada+l&c=cnv_9");
    const params = new URL(href, "http://herald.test").searchParams;
    expect(filtersFromParams(params)).toEqual(filters);
    expect(params.get("c")).toBe("cnv_9");
  });

  it("leaves defaults out of the address and falls back to them for unknown values", () => {
    expect(inboxHref(NO_FILTERS, null)).toBe("/inbox");
    expect(inboxHref({ ...NO_FILTERS, search: "   " }, null)).toBe("/inbox");
    expect(filtersFromParams(new URLSearchParams("channel=fax&interest=maybe&unread=yes"))).toEqual(NO_FILTERS);
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, unread: true })).toBe(true);
  });
});

describe("the list's query", () => {
  it("asks only for what is filtered, with the search trimmed and bounded", () => {
    expect(listQuery(NO_FILTERS)).toEqual({ limit: 25 });
    expect(listQuery({ ...NO_FILTERS, channel: "linkedin", interest: "interested", replied: true, search: "  grace  " }, 50)).toEqual({
      limit: 50,
      channel: "linkedin",
      interest: "interested",
      replied: true,
      search: "grace",
    });
    expect(listQuery({ ...NO_FILTERS, search: "x".repeat(300) }).search).toHaveLength(200);
  });
});
