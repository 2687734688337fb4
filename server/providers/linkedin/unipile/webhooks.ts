// Unipile's webhooks, read into ProviderActivity. Pure: the route hands over the request headers,
// the parsed JSON body and the time it received it, and gets back what happened on LinkedIn.
//
// Unipile signs nothing; a webhook carries the custom headers given when it was registered, so
// Herald registers a shared secret as `Unipile-Auth` and checks it here (see docs/unipile.md).
import { z } from "zod";
import { constantTimeEqual } from "../../../lib/crypto";
import type { ProviderAccountState, ProviderActivity } from "../types";
import { profileIdentifier } from "./mappers";
import { isSet } from "./schemas";

export const UNIPILE_WEBHOOK_AUTH_HEADER = "Unipile-Auth";

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

function header(headers: WebhookHeaders, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? (value[0] ?? null) : value;
  }
  return null;
}

/** True when the request carries the secret Herald registered the webhook with. */
export function verifyUnipileWebhook(headers: WebhookHeaders, secret: string, headerName = UNIPILE_WEBHOOK_AUTH_HEADER): boolean {
  const given = header(headers, headerName);
  return Boolean(secret) && given !== null && constantTimeEqual(given, secret);
}

const text = z.string().nullish();
const flag = z.union([z.boolean(), z.number()]).nullish();

const ZMessageReceived = z.object({
  event: z.literal("message_received"),
  account_id: z.string().min(1),
  account_type: text,
  account_info: z.object({ user_id: text }).nullish(),
  chat_id: z.string().min(1),
  message_id: z.string().min(1),
  message: text,
  timestamp: text,
  sender: z.object({ attendee_provider_id: text }).nullish(),
  attendees: z.array(z.object({ attendee_provider_id: text })).nullish(),
  // Not in every payload: the Message object's flags, as 0/1 or booleans.
  is_sender: flag,
  is_event: flag,
  is_group: flag,
});

const ZNewRelation = z.object({
  event: z.literal("new_relation"),
  account_id: z.string().min(1),
  account_type: text,
  user_provider_id: z.string().min(1),
  user_public_identifier: text,
  user_profile_url: text,
  timestamp: text,
});

const ZAccountStatus = z.object({
  AccountStatus: z.object({ account_id: z.string().min(1), account_type: text, message: z.string() }),
});

/**
 * Unipile's account status messages that change what Herald can do with a sender. CONNECTING is
 * transient and SYNC_SUCCESS only reports a finished sync, so both are left out.
 */
const STATUS_STATES: Record<string, ProviderAccountState> = {
  OK: "ok",
  CREATION_SUCCESS: "ok",
  RECONNECTED: "ok",
  CREDENTIALS: "credentials",
  PERMISSIONS: "restricted",
  ERROR: "disconnected",
  STOPPED: "disconnected",
  DELETED: "disconnected",
};

function isLinkedin(accountType: string | null | undefined): boolean {
  return !accountType || accountType === "LINKEDIN";
}

function publicIdentifierFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return profileIdentifier(url);
  } catch {
    return null;
  }
}

/**
 * A new message in any chat of the sender's, received or sent: Unipile reports the messages the
 * sender writes on LinkedIn itself too (is_sender, or the sender being the account's own user).
 * A message in a group chat, or a chat event, has no single counterpart and is left out.
 */
function messageActivity(event: z.infer<typeof ZMessageReceived>, receivedAt: string): ProviderActivity[] {
  if (!isLinkedin(event.account_type) || isSet(event.is_event) || isSet(event.is_group)) return [];
  const senderId = event.sender?.attendee_provider_id ?? null;
  // The payload's own flag when it has one; else the sender is the account's own user.
  const flagged = event.is_sender !== null && event.is_sender !== undefined;
  const isFromSender = flagged ? isSet(event.is_sender) : Boolean(senderId) && senderId === event.account_info?.user_id;
  const own = isFromSender ? senderId : (event.account_info?.user_id ?? null);
  const others = new Set([senderId, ...(event.attendees ?? []).map((attendee) => attendee.attendee_provider_id)].filter((id): id is string => Boolean(id) && id !== own));
  // The sender's own message to several people has no single counterpart. A received message is
  // kept unless flagged as a group's: the attendees may name the sender by another of its ids
  // (Sales Navigator, Recruiter), and a reply must not be lost for that.
  if (isFromSender && others.size > 1) return [];
  const counterpart = isFromSender ? [...others][0] : senderId;
  if (!counterpart) return [];
  return [
    {
      kind: "message.created",
      providerAccountId: event.account_id,
      chatId: event.chat_id,
      messageId: event.message_id,
      counterpartMemberId: counterpart,
      isFromSender,
      text: event.message ?? "",
      at: event.timestamp || receivedAt,
    },
  ];
}

export function parseUnipileWebhook(input: { headers: WebhookHeaders; body: unknown; receivedAt: Date }): ProviderActivity[] {
  const receivedAt = input.receivedAt.toISOString();

  const message = ZMessageReceived.safeParse(input.body);
  if (message.success) return messageActivity(message.data, receivedAt);

  const relation = ZNewRelation.safeParse(input.body);
  if (relation.success) {
    const event = relation.data;
    if (!isLinkedin(event.account_type)) return [];
    return [
      {
        kind: "relation.created",
        providerAccountId: event.account_id,
        memberId: event.user_provider_id,
        publicIdentifier: event.user_public_identifier || publicIdentifierFromUrl(event.user_profile_url),
        // Unipile finds new relations by polling LinkedIn (hours apart); its payload has no time.
        at: event.timestamp || receivedAt,
      },
    ];
  }

  const status = ZAccountStatus.safeParse(input.body);
  if (status.success) {
    const event = status.data.AccountStatus;
    const state = STATUS_STATES[event.message];
    if (!isLinkedin(event.account_type) || !state) return [];
    return [{ kind: "account.state", providerAccountId: event.account_id, state, message: event.message }];
  }

  // Reactions, read receipts, emails and whatever Unipile adds later mean nothing to Herald yet.
  return [];
}

const ZHostedNotification = z.object({
  status: z.enum(["CREATION_SUCCESS", "RECONNECTED"]),
  account_id: z.string().min(1),
  name: z.string().min(1),
});

/**
 * Unipile's call to a hosted sign-in link's notify_url: which Herald link (the `name` Herald gave
 * it) ended with which Unipile account.
 */
export function parseHostedAuthNotification(body: unknown): { linkId: string; providerAccountId: string; outcome: "created" | "reconnected" } | null {
  const parsed = ZHostedNotification.safeParse(body);
  if (!parsed.success) return null;
  return {
    linkId: parsed.data.name,
    providerAccountId: parsed.data.account_id,
    outcome: parsed.data.status === "CREATION_SUCCESS" ? "created" : "reconnected",
  };
}

/** The POST /api/v1/webhooks bodies that make Unipile call Herald (one webhook per source). */
export function unipileWebhookRegistrations(input: { requestUrl: string; secret: string }) {
  const headers = [
    // Webhooks created through the API carry no Content-Type unless asked to.
    { key: "Content-Type", value: "application/json" },
    { key: UNIPILE_WEBHOOK_AUTH_HEADER, value: input.secret },
  ];
  return (["messaging", "users", "account_status"] as const).map((source) => ({
    request_url: input.requestUrl,
    source,
    name: `herald-${source}`,
    headers,
  }));
}
