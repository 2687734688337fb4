// Response bodies as Unipile's API reference and guides document them (developer.unipile.com,
// v1), trimmed to realistic examples. Tests answer with these, never with shapes of their own.

export const ACCOUNT_ID = "e54m8LR22bA7G5qsAc8w";
export const MEMBER_ID = "ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E";
export const OWN_MEMBER_ID = "ACoAAAEkwwAB9KEc2TrQgOLEQ-vzRyZeCDyc6DQ";

export const accountCreated = { object: "AccountCreated", account_id: ACCOUNT_ID };
export const accountReconnected = { object: "AccountReconnected", account_id: ACCOUNT_ID };

export function checkpointAnswer(checkpoint: Record<string, unknown>) {
  return { object: "Checkpoint", account_id: ACCOUNT_ID, checkpoint };
}

export const checkpointResent = { object: "CheckpointResend", account_id: ACCOUNT_ID, success: true };

/** GET /api/v1/users/me */
export const ownProfile = {
  object: "AccountOwnerProfile",
  provider: "LINKEDIN",
  provider_id: OWN_MEMBER_ID,
  entity_urn: `urn:li:fsd_profile:${OWN_MEMBER_ID}`,
  object_urn: "urn:li:member:123456",
  first_name: "Julien",
  last_name: "Crepieux",
  profile_picture_url: "https://media.licdn.com/dms/image/v2/julien.jpg",
  public_profile_url: "https://www.linkedin.com/in/julien-crepieux",
  public_identifier: "julien-crepieux",
  headline: "Co-founder & CEO at Unipile",
  location: "Riorges, Auvergne-Rhône-Alpes, France",
  email: "julien@example.com",
  premium: true,
  open_profile: false,
  occupation: "Co-founder & CEO at Unipile",
  organizations: [],
  recruiter: null,
  sales_navigator: { owner_seat_id: "9876", contract_id: "5432" },
};

/** GET /api/v1/accounts/{id} */
export function account(statuses: string[]) {
  return {
    object: "Account",
    type: "LINKEDIN",
    id: ACCOUNT_ID,
    name: "Julien Crepieux",
    created_at: "2026-01-05T09:00:00.000Z",
    connection_params: { im: { id: OWN_MEMBER_ID, username: "julien@example.com", premiumContractId: null } },
    current_signature: null,
    signatures: [],
    groups: [],
    sources: statuses.map((status, index) => ({ id: `${ACCOUNT_ID}_MESSAGING_${index}`, status })),
  };
}

/** GET /api/v1/users/{identifier} (the guide's "Retrieve a profile" example). */
export const userProfile = {
  object: "UserProfile",
  provider: "LINKEDIN",
  provider_id: MEMBER_ID,
  public_identifier: "jane-doe",
  first_name: "Jane",
  last_name: "Doe",
  headline: "VP Sales at Acme",
  primary_locale: { country: "FR", language: "fr" },
  is_open_profile: true,
  is_premium: true,
  is_influencer: false,
  is_creator: false,
  is_relationship: false,
  network_distance: "SECOND_DEGREE",
  is_self: false,
  invitation: { type: "SENT", status: "PENDING" },
  websites: ["https://acme.example"],
  follower_count: 1280,
  connections_count: 500,
  location: "Paris, Île-de-France, France",
  profile_picture_url: "https://media.licdn.com/dms/image/v2/jane-100.jpg",
  profile_picture_url_large: "https://media.licdn.com/dms/image/v2/jane-800.jpg",
  work_experience: [
    { position: "VP Sales", company_id: "1234", company: "Acme", location: "Paris", skills: [], current: true, start: "1/1/2022", end: null },
    { position: "Sales Manager", company_id: "99", company: "Globex", skills: [], start: "1/1/2018", end: "12/31/2021" },
  ],
};

/** POST /api/v1/linkedin/search: one page with a person and a company. */
export function searchPage(cursor: string | null) {
  return {
    object: "LinkedinSearch",
    items: [
      {
        object: "SearchResult",
        type: "PEOPLE",
        id: "ACoAAB1111",
        public_identifier: "sam-lee",
        public_profile_url: "https://www.linkedin.com/in/sam-lee",
        profile_url: "https://www.linkedin.com/in/ACoAAB1111",
        profile_picture_url: "https://media.licdn.com/sam.jpg",
        name: "Sam Lee",
        first_name: "Sam",
        last_name: "Lee",
        network_distance: "DISTANCE_2",
        location: "Los Angeles, California, United States",
        headline: "Senior Backend Engineer",
        premium: false,
        open_profile: false,
        pending_invitation: false,
        current_positions: [{ company: "Initech", role: "Senior Backend Engineer", tenure_at_company: { years: 3 } }],
      },
      {
        object: "SearchResult",
        type: "COMPANY",
        id: "1234567",
        name: "Acme Inc",
        profile_url: "https://www.linkedin.com/company/acme",
        industry: "Software Development",
        headcount: "54",
        followers_count: 11000,
        job_offers_count: 4,
      },
    ],
    config: { params: { api: "classic", category: "people" } },
    paging: { start: 0, page_count: 2, total_count: 120 },
    cursor,
  };
}

/** GET /api/v1/users/{identifier}/posts */
export const postPage = {
  object: "PostList",
  items: [
    {
      object: "Post",
      provider: "LINKEDIN",
      id: "7332661864792854528",
      social_id: "urn:li:activity:7332661864792854528",
      share_url: "https://www.linkedin.com/posts/jane-doe_activity-7332661864792854528",
      text: "We are hiring!",
      date: "2d",
      parsed_datetime: "2026-01-03T09:00:00.000Z",
      reaction_counter: 12,
      comment_counter: 3,
      repost_counter: 0,
      impressions_counter: 900,
      author: { public_identifier: "jane-doe", name: "Jane Doe", is_company: false },
      is_repost: false,
      attachments: [],
    },
    {
      object: "Post",
      provider: "LINKEDIN",
      id: "7332000000000000000",
      social_id: "urn:li:activity:7332000000000000000",
      share_url: "https://www.linkedin.com/posts/someone-else",
      text: "Someone else's post",
      date: "1d",
      parsed_datetime: "2026-01-04T09:00:00.000Z",
      is_repost: true,
      author: { public_identifier: "someone", name: "Someone", is_company: false },
      attachments: [],
    },
    {
      object: "Post",
      provider: "LINKEDIN",
      id: "7331000000000000000",
      social_id: "urn:li:activity:7331000000000000000",
      share_url: "https://www.linkedin.com/posts/jane-doe_activity-7331000000000000000",
      text: "Older post",
      date: "1w",
      parsed_datetime: "2025-12-29T09:00:00.000Z",
      is_repost: false,
      author: { public_identifier: "jane-doe", name: "Jane Doe", is_company: false },
      attachments: [],
    },
  ],
  cursor: null,
};

/** GET /api/v1/users/invite/sent */
export function invitationPage(cursor: string | null) {
  return {
    object: "InvitationList",
    items: [
      {
        object: "InvitationSent",
        id: "7432050021786857473",
        date: "Sent today",
        parsed_datetime: "2026-01-05T08:50:17.878Z",
        invitation_text: null,
        invited_user: "Johnny Correa",
        invited_user_id: "ACoAAADNJKAB",
        invited_user_public_id: "johnny-correa-2a86044",
        invited_user_description: "Founder",
      },
      {
        object: "InvitationSent",
        id: "7432050021786857999",
        date: "Sent 3 weeks ago",
        parsed_datetime: null,
        invitation_text: "Hi!",
        invited_user: "Ada Lovelace",
        invited_user_id: "ACoAAAADA",
        invited_user_public_id: "ada-lovelace",
        invited_user_description: null,
      },
    ],
    cursor,
  };
}

/** GET /api/v1/users/relations */
export function relationPage(cursor: string | null) {
  return {
    object: "UserRelationsList",
    items: [
      {
        object: "UserRelation",
        connection_urn: "urn:li:fsd_connection:ACoAAABUlmuEB",
        created_at: 1767603600000,
        first_name: "Jane",
        last_name: "Doe",
        member_id: "ACoAAABUlmuEB",
        member_urn: "urn:li:fsd_profile:ACoAAABUlmuEB",
        headline: "VP Sales",
        public_identifier: "jane-doe",
        public_profile_url: "https://www.linkedin.com/in/jane-doe",
        profile_picture_url: "https://media.licdn.com/jane.jpg",
      },
    ],
    cursor,
  };
}

/** A Message object of Unipile's API (GET /messages, GET /chats/{id}/messages). */
export function message(fields: Record<string, unknown>) {
  return {
    object: "Message",
    account_id: ACCOUNT_ID,
    chat_provider_id: "2-chat-provider",
    provider_id: "2-message-provider",
    sender_attendee_id: "attendee-1",
    seen: 0,
    seen_by: {},
    hidden: 0,
    deleted: 0,
    edited: 0,
    is_event: 0,
    delivered: 1,
    behavior: null,
    subject: null,
    attachments: [],
    quoted: null,
    reactions: [],
    attendee_type: "MEMBER",
    ...fields,
  };
}

/** GET /api/v1/messages: a reply, a message the sender wrote, and a hidden reaction notice. */
export function messagePage(cursor: string | null) {
  return {
    object: "MessageList",
    items: [
      message({ id: "msg-reply", chat_id: "chat-1", sender_id: MEMBER_ID, text: "Sounds good, let's talk", timestamp: "2026-01-05T10:00:00.000Z", is_sender: 0 }),
      message({ id: "msg-own", chat_id: "chat-1", sender_id: OWN_MEMBER_ID, text: "Hi Jane", timestamp: "2026-01-05T09:30:00.000Z", is_sender: 1 }),
      message({ id: "msg-reaction", chat_id: "chat-1", sender_id: MEMBER_ID, text: "Jane reacted 👍", timestamp: "2026-01-05T10:01:00.000Z", is_sender: 0, hidden: 1 }),
    ],
    cursor,
  };
}

/** GET /api/v1/chats/{id} */
export const chat = {
  object: "Chat",
  id: "chat-1",
  account_id: ACCOUNT_ID,
  account_type: "LINKEDIN",
  provider_id: "2-chat-provider",
  attendee_provider_id: MEMBER_ID,
  name: null,
  type: 0,
  timestamp: "2026-01-05T10:00:00.000Z",
  unread_count: 1,
  archived: 0,
  muted_until: null,
  read_only: 0,
  pinned: 0,
};

export const OTHER_MEMBER_ID = "ACoAAB2fKq0BmG7tVnX3yLcUeHqWz9pRsT0aBcD";

function chatItem(fields: Record<string, unknown>) {
  return { ...chat, provider_id: `2-${String(fields.id)}`, name: null, unread_count: 0, folder: ["INBOX", "INBOX_LINKEDIN_CLASSIC"], ...fields };
}

/**
 * GET /api/v1/chats, newest activity first: a page with a chat with Jane, one with another member and
 * a group chat (when a next page follows), else the last page: a chat quiet since December.
 */
export function chatPage(cursor: string | null) {
  return {
    object: "ChatList",
    items: cursor
      ? [
          chatItem({ id: "chat-1", attendee_provider_id: MEMBER_ID, timestamp: "2026-01-05T10:00:00.000Z", unread_count: 1 }),
          chatItem({ id: "chat-2", attendee_provider_id: OTHER_MEMBER_ID, timestamp: "2026-01-04T16:00:00.000Z" }),
          chatItem({ id: "chat-group", attendee_provider_id: undefined, name: "Sales team", type: 1, timestamp: "2026-01-04T12:00:00.000Z" }),
        ]
      : [chatItem({ id: "chat-old", attendee_provider_id: "ACoAAOLD", timestamp: "2025-12-01T08:00:00.000Z" })],
    cursor,
  };
}

/**
 * GET /api/v1/chats/{chat_id}/messages, newest first: a reaction notice, a reply and the sender's
 * own message (when a next page follows), else the last page: the sender's first message.
 */
export function chatMessagePage(chatId: string, counterpartId: string, cursor: string | null) {
  const tag = chatId.replace(/[^a-z0-9]/gi, "");
  return {
    object: "MessageList",
    items: cursor
      ? [
          message({ id: `${tag}-reaction`, chat_id: chatId, sender_id: counterpartId, text: "reacted 👍", timestamp: "2026-01-05T10:01:00.000Z", is_sender: 0, hidden: 1 }),
          message({ id: `${tag}-reply`, chat_id: chatId, sender_id: counterpartId, text: "Sounds good, let's talk", timestamp: "2026-01-05T10:00:00.000Z", is_sender: 0 }),
          message({ id: `${tag}-own`, chat_id: chatId, sender_id: OWN_MEMBER_ID, text: "Hi there", timestamp: "2026-01-05T09:30:00.000Z", is_sender: 1 }),
        ]
      : [message({ id: `${tag}-first`, chat_id: chatId, sender_id: OWN_MEMBER_ID, text: "Hello from LinkedIn", timestamp: "2026-01-03T09:00:00.000Z", is_sender: 1 })],
    cursor,
  };
}

export const inmailBalance = { object: "LinkedinInmailBalance", premium: 7, recruiter: null, sales_navigator: 20 };
export const invitationSent = { object: "UserInvitationSent", invitation_id: "7432050021786857473", usage: 50 };
export const invitationCanceled = { object: "InvitationCanceled" };
export const chatStarted = { object: "ChatStarted", chat_id: "chat-new", message_id: "msg-new" };
export const reactionAdded = { object: "ReactionAdded" };
export const commentSent = { object: "CommentSent" };
export const hostedLink = { object: "HostedAuthURL", url: "https://account.unipile.com/pqb%2Gz77l.o72WXNPdqWX45jxqP5xMMlQp02zho8GAXZq0HWsAGiQ%3D" };
export const accountDeleted = { object: "AccountDeleted" };

export function problem(status: number, type: string, title = "Error", detail = "See Unipile's documentation") {
  return { title, detail, instance: "/api/v1/test", type, status };
}

/** Webhook bodies, as the "new messages", "new relation" and "account status" guides show them. */
export const messageReceivedWebhook = {
  account_id: ACCOUNT_ID,
  account_type: "LINKEDIN",
  account_info: { type: "LINKEDIN", feature: "classic", user_id: OWN_MEMBER_ID },
  event: "message_received",
  chat_id: "R8J-xM9WX7eoHLp6gSVtWQ",
  timestamp: "2026-01-05T13:49:07.965Z",
  webhook_name: "herald-messaging",
  message_id: "ykmhfXlRW0W_cqReJYrfBw",
  message: "Hello World !",
  sender: {
    attendee_id: "C8zaRZTlVcmfnke_Vai4Gg",
    attendee_name: "Jane Doe",
    attendee_provider_id: MEMBER_ID,
    attendee_profile_url: `https://www.linkedin.com/in/${MEMBER_ID}/`,
  },
  attendees: [
    {
      attendee_id: "12Siz1Vcmfnke_Vai4Gg",
      attendee_name: "Julien Crepieux",
      attendee_provider_id: OWN_MEMBER_ID,
      attendee_profile_url: `https://www.linkedin.com/in/${OWN_MEMBER_ID}/`,
    },
  ],
  attachments: [],
};

export const newRelationWebhook = {
  event: "new_relation",
  account_id: ACCOUNT_ID,
  account_type: "LINKEDIN",
  webhook_name: "herald-users",
  user_full_name: "Jane Doe",
  user_provider_id: MEMBER_ID,
  user_public_identifier: "jane-doe",
  user_profile_url: "https://www.linkedin.com/in/jane-doe/",
  user_picture_url: "https://media.licdn.com/jane.jpg",
};

export function accountStatusWebhook(message: string) {
  return { AccountStatus: { account_id: ACCOUNT_ID, account_type: "LINKEDIN", message } };
}
