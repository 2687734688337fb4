import { describe, expect, it } from "vitest";
import type { ProviderActivity } from "../types";
import { ACCOUNT_ID, MEMBER_ID, OWN_MEMBER_ID, accountStatusWebhook, messageReceivedWebhook, newRelationWebhook } from "../../../test/fakes/unipile/fixtures";
import { parseHostedAuthNotification, parseUnipileWebhook, unipileWebhookRegistrations, verifyUnipileWebhook } from "./webhooks";

const receivedAt = new Date("2026-01-05T14:00:00.000Z");
const parse = (body: unknown) => parseUnipileWebhook({ headers: {}, body, receivedAt });

describe("parseUnipileWebhook", () => {
  it("reads a received message", () => {
    expect(parse(messageReceivedWebhook)).toEqual<ProviderActivity[]>([
      {
        kind: "message.created",
        providerAccountId: ACCOUNT_ID,
        chatId: "R8J-xM9WX7eoHLp6gSVtWQ",
        messageId: "ykmhfXlRW0W_cqReJYrfBw",
        counterpartMemberId: MEMBER_ID,
        isFromSender: false,
        text: "Hello World !",
        at: "2026-01-05T13:49:07.965Z",
      },
    ]);
  });

  it("reads a message the sender wrote on LinkedIn, with the other attendee as counterpart", () => {
    const own = {
      ...messageReceivedWebhook,
      sender: { ...messageReceivedWebhook.sender, attendee_provider_id: OWN_MEMBER_ID },
      attendees: [
        { attendee_id: "a", attendee_name: "Julien", attendee_provider_id: OWN_MEMBER_ID },
        { attendee_id: "b", attendee_name: "Jane", attendee_provider_id: MEMBER_ID },
      ],
    };
    expect(parse(own)).toEqual([expect.objectContaining({ kind: "message.created", isFromSender: true, counterpartMemberId: MEMBER_ID })]);
  });

  it("reads a message flagged is_sender as the sender's own, even without account_info, in a chat Herald did not start", () => {
    const own = {
      ...messageReceivedWebhook,
      account_info: undefined,
      chat_id: "chat-started-on-linkedin",
      is_sender: true,
      sender: { ...messageReceivedWebhook.sender, attendee_provider_id: OWN_MEMBER_ID },
      attendees: [{ attendee_id: "b", attendee_name: "Jane", attendee_provider_id: MEMBER_ID }],
    };
    expect(parse(own)).toEqual([
      expect.objectContaining({ kind: "message.created", chatId: "chat-started-on-linkedin", isFromSender: true, counterpartMemberId: MEMBER_ID }),
    ]);
    expect(parse({ ...messageReceivedWebhook, is_sender: 0 })).toEqual([expect.objectContaining({ isFromSender: false, counterpartMemberId: MEMBER_ID })]);
    expect(parse({ ...messageReceivedWebhook, account_info: undefined })).toEqual([expect.objectContaining({ isFromSender: false, counterpartMemberId: MEMBER_ID })]);
  });

  it("leaves out group chats and chat events, which have no single counterpart", () => {
    const ownToGroup = {
      ...messageReceivedWebhook,
      is_sender: 1,
      sender: { ...messageReceivedWebhook.sender, attendee_provider_id: OWN_MEMBER_ID },
      attendees: [
        { attendee_id: "b", attendee_name: "Jane", attendee_provider_id: MEMBER_ID },
        { attendee_id: "c", attendee_name: "Sam", attendee_provider_id: "ACoAAB1111" },
      ],
    };
    expect(parse(ownToGroup)).toEqual([]);
    // A received message naming the sender by another of its ids (Sales Navigator) is still a reply.
    const salesNavigator = {
      ...messageReceivedWebhook,
      attendees: [...messageReceivedWebhook.attendees, { attendee_id: "d", attendee_name: "Julien Crepieux", attendee_provider_id: "ACwAAAEkwwAB" }],
    };
    expect(parse(salesNavigator)).toEqual([expect.objectContaining({ isFromSender: false, counterpartMemberId: MEMBER_ID })]);
    expect(parse({ ...messageReceivedWebhook, is_group: true })).toEqual([]);
    expect(parse({ ...messageReceivedWebhook, is_event: 1 })).toEqual([]);
  });

  it("reads a new relation; without a public identifier, from the profile URL", () => {
    expect(parse(newRelationWebhook)).toEqual<ProviderActivity[]>([
      { kind: "relation.created", providerAccountId: ACCOUNT_ID, memberId: MEMBER_ID, publicIdentifier: "jane-doe", at: receivedAt.toISOString() },
    ]);
    const withoutIdentifier = { ...newRelationWebhook, user_public_identifier: undefined };
    expect(parse(withoutIdentifier)).toEqual([expect.objectContaining({ publicIdentifier: "jane-doe" })]);
  });

  it.each([
    ["OK", "ok"],
    ["CREATION_SUCCESS", "ok"],
    ["RECONNECTED", "ok"],
    ["CREDENTIALS", "credentials"],
    ["ERROR", "disconnected"],
    ["STOPPED", "disconnected"],
    ["DELETED", "disconnected"],
    ["PERMISSIONS", "restricted"],
  ])("reads account status %s as %s", (message, state) => {
    expect(parse(accountStatusWebhook(message))).toEqual([{ kind: "account.state", providerAccountId: ACCOUNT_ID, state, message }]);
  });

  it("ignores transient statuses, other providers, other events and junk", () => {
    expect(parse(accountStatusWebhook("CONNECTING"))).toEqual([]);
    expect(parse(accountStatusWebhook("SYNC_SUCCESS"))).toEqual([]);
    expect(parse({ AccountStatus: { account_id: "wa", account_type: "WHATSAPP", message: "CREDENTIALS" } })).toEqual([]);
    expect(parse({ ...messageReceivedWebhook, account_type: "WHATSAPP" })).toEqual([]);
    expect(parse({ ...messageReceivedWebhook, event: "message_reaction" })).toEqual([]);
    expect(parse({ event: "mail_received", account_id: ACCOUNT_ID })).toEqual([]);
    expect(parse(null)).toEqual([]);
    expect(parse("not json")).toEqual([]);
    expect(parse({ event: "new_relation" })).toEqual([]);
  });
});

describe("verifyUnipileWebhook", () => {
  it("accepts the registered secret in Unipile-Auth, whatever the header's case", () => {
    expect(verifyUnipileWebhook({ "unipile-auth": "s3cret" }, "s3cret")).toBe(true);
    expect(verifyUnipileWebhook(new Headers({ "Unipile-Auth": "s3cret" }), "s3cret")).toBe(true);
    expect(verifyUnipileWebhook({ "Unipile-Auth": ["s3cret"] }, "s3cret")).toBe(true);
  });

  it("refuses a missing or wrong secret, and any request when no secret is configured", () => {
    expect(verifyUnipileWebhook({}, "s3cret")).toBe(false);
    expect(verifyUnipileWebhook({ "unipile-auth": "guess" }, "s3cret")).toBe(false);
    expect(verifyUnipileWebhook({ "unipile-auth": "" }, "")).toBe(false);
  });
});

describe("parseHostedAuthNotification", () => {
  it("reads which Herald link ended with which account", () => {
    expect(parseHostedAuthNotification({ status: "CREATION_SUCCESS", account_id: ACCOUNT_ID, name: "hl_123" })).toEqual({
      linkId: "hl_123",
      providerAccountId: ACCOUNT_ID,
      outcome: "created",
    });
    expect(parseHostedAuthNotification({ status: "RECONNECTED", account_id: ACCOUNT_ID, name: "hl_9" })?.outcome).toBe("reconnected");
    expect(parseHostedAuthNotification({ status: "FAILED", account_id: ACCOUNT_ID, name: "hl_9" })).toBeNull();
  });
});

describe("unipileWebhookRegistrations", () => {
  it("registers messaging, users and account_status with the secret header", () => {
    const bodies = unipileWebhookRegistrations({ requestUrl: "https://herald.example.com/api/providers/unipile/webhook", secret: "s3cret" });
    expect(bodies.map((body) => body.source)).toEqual(["messaging", "users", "account_status"]);
    expect(bodies[0]!.headers).toContainEqual({ key: "Unipile-Auth", value: "s3cret" });
  });
});
