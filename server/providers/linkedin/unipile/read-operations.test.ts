import { describe, expect, it } from "vitest";
import type { ChatMessage, ChatSummary, MemberProfile, Page } from "../types";
import {
  ACCOUNT_ID,
  MEMBER_ID,
  OWN_MEMBER_ID,
  OTHER_MEMBER_ID,
  chat,
  chatMessagePage,
  chatPage,
  inmailBalance,
  invitationPage,
  messagePage,
  postPage,
  problem,
  relationPage,
  searchPage,
  userProfile,
} from "../../../test/fakes/unipile/fixtures";
import { CLOCK_START, providerError, withFakeUnipile } from "../../../test/fakes/unipile/harness";

const h = withFakeUnipile();

describe("getProfile", () => {
  it("reads a profile URL by its public identifier and maps it", async () => {
    h.unipile.on("GET", "/api/v1/users/jane-doe", { status: 200, body: userProfile });
    const profile = await h.provider.getProfile(ACCOUNT_ID, "https://www.linkedin.com/in/jane-doe/?originalSubdomain=fr");
    const [request] = h.unipile.requests("GET", "/api/v1/users/jane-doe");
    expect(request!.query.get("account_id")).toBe(ACCOUNT_ID);
    expect(request!.query.has("linkedin_sections")).toBe(false);
    expect(request!.query.has("notify")).toBe(false);
    expect(profile).toEqual<MemberProfile>({
      memberId: MEMBER_ID,
      publicIdentifier: "jane-doe",
      profileUrl: "https://www.linkedin.com/in/jane-doe",
      firstName: "Jane",
      lastName: "Doe",
      headline: "VP Sales at Acme",
      company: "Acme",
      jobTitle: "VP Sales",
      location: "Paris, Île-de-France, France",
      picture: "https://media.licdn.com/dms/image/v2/jane-100.jpg",
      openProfile: true,
      isPremium: true,
      connectionDegree: 2,
      invitationPending: true,
    });
  });

  it("reads by provider id, asks for configured sections, and reads first-degree relations", async () => {
    h.unipile.on("GET", `/api/v1/users/${MEMBER_ID}`, {
      status: 200,
      body: { ...userProfile, network_distance: "FIRST_DEGREE", invitation: undefined, work_experience: undefined },
    });
    const profile = await h.providerWith({ profileSections: ["experience"] }).getProfile(ACCOUNT_ID, MEMBER_ID);
    expect(h.unipile.requests("GET", `/api/v1/users/${MEMBER_ID}`)[0]!.query.get("linkedin_sections")).toBe("experience");
    expect(profile).toMatchObject({ connectionDegree: 1, invitationPending: false, company: null, jobTitle: null });
  });

  it("calls a profile Unipile cannot find profile-not-found", async () => {
    h.unipile.on("GET", "/api/v1/users/nobody-here", { status: 404, body: problem(404, "errors/resource_not_found") });
    expect((await providerError(h.provider.getProfile(ACCOUNT_ID, "linkedin.com/in/nobody-here"))).code).toBe("profile-not-found");
    expect((await providerError(h.provider.getProfile(ACCOUNT_ID, "https://www.linkedin.com/company/acme"))).code).toBe("profile-not-found");
  });
});

describe("searchPeople", () => {
  const searchUrl = "https://www.linkedin.com/search/results/people/?keywords=backend";

  it("pages through a search URL with Unipile's cursor, keeping people only", async () => {
    h.unipile.on("POST", "/api/v1/linkedin/search", (request) =>
      request.query.get("cursor") === "page-2" ? { status: 200, body: searchPage(null) } : { status: 200, body: searchPage("page-2") },
    );
    const pages: Array<Page<MemberProfile>> = [];
    let cursor: string | null = null;
    do {
      const page: Page<MemberProfile> = await h.provider.searchPeople(ACCOUNT_ID, { searchUrl, cursor });
      pages.push(page);
      cursor = page.cursor;
    } while (cursor);

    expect(pages.map((page) => page.cursor)).toEqual(["page-2", null]);
    const requests = h.unipile.requests("POST", "/api/v1/linkedin/search");
    expect(requests.map((request) => Object.fromEntries(request.query))).toEqual([
      { account_id: ACCOUNT_ID, limit: "50" },
      { account_id: ACCOUNT_ID, limit: "50", cursor: "page-2" },
    ]);
    expect(requests[0]!.json).toEqual({ url: searchUrl });
    expect(pages[0]!.items).toEqual<MemberProfile[]>([
      {
        memberId: "ACoAAB1111",
        publicIdentifier: "sam-lee",
        profileUrl: "https://www.linkedin.com/in/sam-lee",
        firstName: "Sam",
        lastName: "Lee",
        headline: "Senior Backend Engineer",
        company: "Initech",
        jobTitle: "Senior Backend Engineer",
        location: "Los Angeles, California, United States",
        picture: "https://media.licdn.com/sam.jpg",
        openProfile: false,
        isPremium: false,
        connectionDegree: 2,
        invitationPending: false,
      },
    ]);
  });

  it("asks Sales Navigator for pages of 100", async () => {
    h.unipile.on("POST", "/api/v1/linkedin/search", { status: 200, body: searchPage(null) });
    await h.provider.searchPeople(ACCOUNT_ID, { searchUrl: "https://www.linkedin.com/sales/search/people?query=(keywords%3Acto)" });
    expect(h.unipile.requests("POST", "/api/v1/linkedin/search")[0]!.query.get("limit")).toBe("100");
  });
});

describe("listRecentPosts", () => {
  it("lists the member's own posts, newest first, by the id Unipile reacts with", async () => {
    h.unipile.on("GET", `/api/v1/users/${MEMBER_ID}/posts`, { status: 200, body: postPage });
    const posts = await h.provider.listRecentPosts(ACCOUNT_ID, MEMBER_ID, 5);
    expect(Object.fromEntries(h.unipile.requests("GET", `/api/v1/users/${MEMBER_ID}/posts`)[0]!.query)).toEqual({ account_id: ACCOUNT_ID, limit: "5" });
    expect(posts).toEqual([
      {
        postId: "urn:li:activity:7332661864792854528",
        url: "https://www.linkedin.com/posts/jane-doe_activity-7332661864792854528",
        text: "We are hiring!",
        postedAt: "2026-01-03T09:00:00.000Z",
      },
      {
        postId: "urn:li:activity:7331000000000000000",
        url: "https://www.linkedin.com/posts/jane-doe_activity-7331000000000000000",
        text: "Older post",
        postedAt: "2025-12-29T09:00:00.000Z",
      },
    ]);
  });

  it("leaves out posts older than 30 days, so a comment step skips a lead who has not posted lately", async () => {
    h.unipile.on("GET", `/api/v1/users/${MEMBER_ID}/posts`, { status: 200, body: postPage });
    // On 2026-02-01 the newest post (2026-01-03) is 29 days old, the older one (2025-12-29) 34.
    h.clock.set(new Date("2026-02-01T12:00:00.000Z"));
    expect((await h.provider.listRecentPosts(ACCOUNT_ID, MEMBER_ID, 5)).map((post) => post.text)).toEqual(["We are hiring!"]);
    // Two days later neither is recent.
    h.clock.set(new Date("2026-02-03T12:00:00.000Z"));
    expect(await h.provider.listRecentPosts(ACCOUNT_ID, MEMBER_ID, 5)).toEqual([]);
  });
});

describe("listSentInvitations", () => {
  it("pages through pending invitations; an unreadable date becomes the listing time", async () => {
    h.unipile.on("GET", "/api/v1/users/invite/sent", (request) =>
      request.query.get("cursor") ? { status: 200, body: invitationPage(null) } : { status: 200, body: invitationPage("next") },
    );
    const first = await h.provider.listSentInvitations(ACCOUNT_ID);
    const second = await h.provider.listSentInvitations(ACCOUNT_ID, first.cursor);
    expect(first.cursor).toBe("next");
    expect(second.cursor).toBeNull();
    expect(h.unipile.requests("GET", "/api/v1/users/invite/sent")[1]!.query.get("cursor")).toBe("next");
    expect(first.items).toEqual([
      { invitationId: "7432050021786857473", memberId: "ACoAAADNJKAB", sentAt: "2026-01-05T08:50:17.878Z" },
      { invitationId: "7432050021786857999", memberId: "ACoAAAADA", sentAt: CLOCK_START },
    ]);
  });
});

describe("listRelations", () => {
  it("pages through relations with their connection time", async () => {
    h.unipile.on("GET", "/api/v1/users/relations", (request) =>
      request.query.get("cursor") ? { status: 200, body: relationPage(null) } : { status: 200, body: relationPage("more") },
    );
    const first = await h.provider.listRelations(ACCOUNT_ID);
    const second = await h.provider.listRelations(ACCOUNT_ID, first.cursor);
    expect(first).toEqual({
      items: [{ memberId: "ACoAAABUlmuEB", publicIdentifier: "jane-doe", connectedAt: "2026-01-05T09:00:00.000Z" }],
      cursor: "more",
    });
    expect(second.cursor).toBeNull();
    expect(h.unipile.requests("GET", "/api/v1/users/relations")[1]!.query.get("cursor")).toBe("more");
  });
});

describe("listMessages", () => {
  it("reads messages since a time, skips reaction notices, and finds the other person of a chat once", async () => {
    h.unipile.on("GET", "/api/v1/messages", (request) =>
      request.query.get("cursor") ? { status: 200, body: messagePage(null) } : { status: 200, body: messagePage("older") },
    );
    h.unipile.on("GET", "/api/v1/chats/chat-1", { status: 200, body: chat });
    const since = new Date("2026-01-05T00:00:00.000Z");
    const page = await h.provider.listMessages(ACCOUNT_ID, { since });

    expect(Object.fromEntries(h.unipile.requests("GET", "/api/v1/messages")[0]!.query)).toEqual({
      account_id: ACCOUNT_ID,
      after: "2026-01-05T00:00:00.000Z",
      limit: "100",
    });
    expect(page.cursor).toBe("older");
    expect(page.items).toEqual<ChatMessage[]>([
      { chatId: "chat-1", messageId: "msg-reply", counterpartMemberId: MEMBER_ID, isFromSender: false, text: "Sounds good, let's talk", at: "2026-01-05T10:00:00.000Z" },
      { chatId: "chat-1", messageId: "msg-own", counterpartMemberId: MEMBER_ID, isFromSender: true, text: "Hi Jane", at: "2026-01-05T09:30:00.000Z" },
    ]);
    expect(page.items.some((item) => item.counterpartMemberId === OWN_MEMBER_ID)).toBe(false);
    expect(h.unipile.requests("GET", "/api/v1/chats/chat-1")).toHaveLength(1);

    const next = await h.provider.listMessages(ACCOUNT_ID, { since, cursor: page.cursor });
    expect(next.cursor).toBeNull();
    expect(h.unipile.requests("GET", "/api/v1/messages")[1]!.query.get("cursor")).toBe("older");
  });
});

describe("listChats", () => {
  it("lists the account's LinkedIn one-to-one chats newest first, and stops at the first chat quiet since before `since`", async () => {
    h.unipile.on("GET", "/api/v1/chats", (request) =>
      request.query.get("cursor") ? { status: 200, body: chatPage(null) } : { status: 200, body: chatPage("older-chats") },
    );
    const since = new Date("2025-12-06T00:00:00.000Z");
    const first = await h.provider.listChats(ACCOUNT_ID, { since });
    expect(Object.fromEntries(h.unipile.requests("GET", "/api/v1/chats")[0]!.query)).toEqual({ account_id: ACCOUNT_ID, account_type: "LINKEDIN", limit: "100" });
    expect(first).toEqual<Page<ChatSummary>>({
      items: [
        { chatId: "chat-1", counterpartMemberId: MEMBER_ID, lastMessageAt: "2026-01-05T10:00:00.000Z" },
        { chatId: "chat-2", counterpartMemberId: OTHER_MEMBER_ID, lastMessageAt: "2026-01-04T16:00:00.000Z" },
      ],
      cursor: "older-chats",
    });
    const second = await h.provider.listChats(ACCOUNT_ID, { since, cursor: first.cursor });
    expect(h.unipile.requests("GET", "/api/v1/chats")[1]!.query.get("cursor")).toBe("older-chats");
    expect(second).toEqual({ items: [], cursor: null });
  });
});

describe("listChatMessages", () => {
  it("reads a chat's messages since a time, page by page, without reaction notices, finding the other person for the sender's own", async () => {
    h.unipile.on("GET", "/api/v1/chats/chat-1/messages", (request) =>
      request.query.get("cursor") ? { status: 200, body: chatMessagePage("chat-1", MEMBER_ID, null) } : { status: 200, body: chatMessagePage("chat-1", MEMBER_ID, "earlier") },
    );
    h.unipile.on("GET", "/api/v1/chats/chat-1", { status: 200, body: chat });
    const since = new Date("2025-12-06T00:00:00.000Z");
    const first = await h.provider.listChatMessages(ACCOUNT_ID, "chat-1", { since });
    expect(Object.fromEntries(h.unipile.requests("GET", "/api/v1/chats/chat-1/messages")[0]!.query)).toEqual({ after: since.toISOString(), limit: "100" });
    expect(first).toEqual<Page<ChatMessage>>({
      items: [
        { chatId: "chat-1", messageId: "chat1-reply", counterpartMemberId: MEMBER_ID, isFromSender: false, text: "Sounds good, let's talk", at: "2026-01-05T10:00:00.000Z" },
        { chatId: "chat-1", messageId: "chat1-own", counterpartMemberId: MEMBER_ID, isFromSender: true, text: "Hi there", at: "2026-01-05T09:30:00.000Z" },
      ],
      cursor: "earlier",
    });
    const second = await h.provider.listChatMessages(ACCOUNT_ID, "chat-1", { since, cursor: first.cursor });
    expect(second.cursor).toBeNull();
    expect(second.items.map((item) => item.messageId)).toEqual(["chat1-first"]);
    expect(h.unipile.requests("GET", "/api/v1/chats/chat-1/messages")[1]!.query.get("cursor")).toBe("earlier");
  });
});

describe("getInmailBalance and getSsi", () => {
  it("reads the Premium InMail credits that classic InMails spend", async () => {
    h.unipile.on("GET", "/api/v1/linkedin/inmail_balance", { status: 200, body: inmailBalance });
    expect(await h.provider.getInmailBalance(ACCOUNT_ID)).toBe(7);
    expect(h.unipile.requests("GET", "/api/v1/linkedin/inmail_balance")[0]!.query.get("account_id")).toBe(ACCOUNT_ID);
    h.unipile.on("GET", "/api/v1/linkedin/inmail_balance", { status: 200, body: { ...inmailBalance, premium: null } });
    expect(await h.provider.getInmailBalance(ACCOUNT_ID)).toBe(0);
  });

  it("has no SSI to read through Unipile", async () => {
    expect(await h.provider.getSsi(ACCOUNT_ID)).toBeNull();
    expect(h.unipile.received).toHaveLength(0);
  });

  it("maps a disconnected account on reads", async () => {
    h.unipile.on("GET", "/api/v1/linkedin/inmail_balance", { status: 401, body: problem(401, "errors/disconnected_account") });
    expect((await providerError(h.provider.getInmailBalance(ACCOUNT_ID))).code).toBe("session-expired");
  });
});
