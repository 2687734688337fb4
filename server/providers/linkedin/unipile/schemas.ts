// The shapes Herald reads from Unipile's API v1, as its reference documents them. Only the fields
// Herald uses are declared (zod drops the rest), and most are nullish: Unipile leaves out what
// LinkedIn did not give it, so a missing field must not fail a whole page.
import { z } from "zod";
import { LinkedinProviderError } from "../types";
import type { UnipileRequestKind } from "./errors";

const text = z.string().nullish();
/** Unipile writes some flags as booleans and others (messages, chats) as 0/1. */
const flag = z.union([z.boolean(), z.number()]).nullish();

export const ZUnipileCheckpoint = z.object({
  object: z.literal("Checkpoint"),
  account_id: z.string().min(1),
  checkpoint: z.object({
    type: z.string(),
    /** For 2FA: where the code went, `SMS` or `APP`. */
    source: text,
  }),
});
export type TUnipileCheckpoint = z.infer<typeof ZUnipileCheckpoint>;

export const ZUnipileAccountCreated = z.object({
  object: z.enum(["AccountCreated", "AccountReconnected"]),
  account_id: z.string().min(1),
});

export const ZUnipileConnectAnswer = z.union([ZUnipileAccountCreated, ZUnipileCheckpoint]);

export const ZUnipileAccount = z.object({
  id: z.string(),
  type: text,
  sources: z.array(z.object({ id: text, status: z.string() })).nullish(),
});

export const ZUnipileOwnProfile = z.object({
  provider_id: z.string().min(1),
  first_name: text,
  last_name: text,
  public_identifier: text,
  public_profile_url: text,
  headline: text,
  occupation: text,
  profile_picture_url: text,
  premium: z.boolean().nullish(),
  is_verified: z.boolean().nullish(),
  // A subscribed product is {owner_seat_id, contract_id}; a dropped one {error}; none is null.
  recruiter: z.record(z.string(), z.unknown()).nullish(),
  sales_navigator: z.record(z.string(), z.unknown()).nullish(),
});
export type TUnipileOwnProfile = z.infer<typeof ZUnipileOwnProfile>;

export const ZUnipileUserProfile = z.object({
  provider_id: z.string().min(1),
  public_identifier: text,
  public_profile_url: text,
  first_name: text,
  last_name: text,
  headline: text,
  location: text,
  profile_picture_url: text,
  profile_picture_url_large: text,
  is_open_profile: z.boolean().nullish(),
  is_premium: z.boolean().nullish(),
  network_distance: text,
  invitation: z.object({ type: z.string(), status: z.string() }).nullish(),
  work_experience: z
    .array(z.object({ position: text, company: text, current: z.boolean().nullish(), end: text }))
    .nullish(),
});
export type TUnipileUserProfile = z.infer<typeof ZUnipileUserProfile>;

export const ZUnipileSearchPerson = z.object({
  type: z.literal("PEOPLE"),
  id: z.string().min(1),
  public_identifier: text,
  public_profile_url: text,
  profile_url: text,
  name: text,
  first_name: text,
  last_name: text,
  headline: text,
  location: text,
  profile_picture_url: text,
  premium: z.boolean().nullish(),
  open_profile: z.boolean().nullish(),
  network_distance: text,
  pending_invitation: z.boolean().nullish(),
  current_positions: z.array(z.object({ company: text, role: text })).nullish(),
});
export type TUnipileSearchPerson = z.infer<typeof ZUnipileSearchPerson>;

/** Items stay unknown here: a page mixes people with companies, and only people are read. */
export const ZUnipileSearchPage = z.object({ items: z.array(z.unknown()), cursor: text });

export const ZUnipilePostPage = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      social_id: text,
      share_url: text,
      text,
      parsed_datetime: text,
      is_repost: z.boolean().nullish(),
    }),
  ),
  cursor: text,
});

export const ZUnipileInvitationPage = z.object({
  items: z.array(
    z.object({
      id: z.string().min(1),
      invited_user_id: text,
      invited_user_public_id: text,
      parsed_datetime: text,
    }),
  ),
  cursor: text,
});

export const ZUnipileRelationPage = z.object({
  items: z.array(
    z.object({
      member_id: z.string().min(1),
      public_identifier: text,
      /** Milliseconds since the epoch. */
      created_at: z.union([z.number(), z.string()]).nullish(),
    }),
  ),
  cursor: text,
});

export const ZUnipileMessage = z.object({
  id: z.string().min(1),
  chat_id: z.string().min(1),
  sender_id: text,
  text,
  timestamp: z.string(),
  is_sender: flag,
  is_event: flag,
  hidden: flag,
  deleted: flag,
});
export type TUnipileMessage = z.infer<typeof ZUnipileMessage>;

export const ZUnipileMessagePage = z.object({ items: z.array(ZUnipileMessage), cursor: text });

export const ZUnipileChat = z.object({ id: z.string(), attendee_provider_id: text });

/** GET /api/v1/chats: `type` 0 is one-to-one; `timestamp` is the newest message's time. */
export const ZUnipileChatPage = z.object({
  items: z.array(ZUnipileChat.extend({ type: z.number().nullish(), timestamp: text })),
  cursor: text,
});

export const ZUnipileInmailBalance = z.object({
  premium: z.number().nullish(),
  recruiter: z.number().nullish(),
  sales_navigator: z.number().nullish(),
});

export const ZUnipileInvitationSent = z.object({ invitation_id: z.string().min(1) });

export const ZUnipileChatStarted = z.object({ chat_id: text, message_id: text });

export const ZUnipileHostedLink = z.object({ url: z.string().min(1) });

export const ZUnipileCommentSent = z.object({ comment_id: text, id: text });

export function isSet(value: boolean | number | null | undefined): boolean {
  return value === true || (typeof value === "number" && value !== 0);
}

/** Reads a success body; an unexpected shape is a failure of the call, never a silent default. */
export function parseAnswer<T>(schema: z.ZodType<T>, body: unknown, what: string, kind: UnipileRequestKind): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue ? `${issue.path.join(".") || "(body)"}: ${issue.message}` : "unknown";
  throw new LinkedinProviderError(
    kind === "sign-in" ? "connection-failed" : "action-failed",
    `Unipile answered ${what} with an unexpected shape (${where})`,
  );
}
