// Everything Herald does on LinkedIn goes through this interface. Services depend on it only; the
// implementation is chosen per installation (HERALD_LINKEDIN_PROVIDER): the sandbox network (the
// embedded default, a simulation kept in the database) or Unipile (production).
import type { OutcomeModel } from "../../services/campaigns/forecast/simulation-types";

export type CheckpointType = "2FA" | "OTP" | "IN_APP_VALIDATION" | "PHONE_REGISTER" | "CAPTCHA";

/** How a checkpoint is answered: a code, a phone number, in the LinkedIn app, or on LinkedIn's own page. */
export type CheckpointInput = "code" | "phone" | "none" | "hosted";

export interface ProviderCheckpoint {
  type: CheckpointType;
  input: CheckpointInput;
  canResend: boolean;
  canTryAnotherWay: boolean;
  /** For CAPTCHA: the page where the person solves it (LinkedIn's own, or the sandbox's). */
  hostedUrl?: string | null;
}

export type LinkedinPlan = "free" | "premium" | "sales_navigator" | "recruiter";

/** The sender's own LinkedIn identity, as the provider reports it once signed in. */
export interface SenderIdentity {
  /** The provider's id for this connected account (Unipile account_id, sandbox member session). */
  providerAccountId: string;
  /** LinkedIn's member id of the sender. */
  memberId: string;
  fullName: string;
  firstName: string;
  lastName: string;
  headline: string | null;
  publicIdentifier: string;
  profileUrl: string;
  profilePicture: string | null;
  isPremium: boolean;
  plan: LinkedinPlan;
  isVerified: boolean;
}

export type ConnectResult =
  | { status: "connected"; identity: SenderIdentity }
  | { status: "checkpoint"; providerAccountId: string; checkpoint: ProviderCheckpoint };

export interface ProxySettings {
  /** e.g. http://user:password@proxy.example.com:8080 or socks5://… */
  url: string;
}

export interface PasswordSignIn {
  username: string;
  password: string;
  proxy?: ProxySettings;
  country?: string;
}

export interface CookieSignIn {
  liAt: string;
  userAgent: string;
  proxy?: ProxySettings;
  country?: string;
}

/** A LinkedIn member as read from their profile (a lead, or a search result). */
export interface MemberProfile {
  memberId: string;
  publicIdentifier: string;
  profileUrl: string;
  firstName: string;
  lastName: string;
  headline: string | null;
  company: string | null;
  jobTitle: string | null;
  location: string | null;
  picture: string | null;
  /** Open profiles accept InMails without spending credits. */
  openProfile: boolean;
  isPremium: boolean;
  /** 1 = connected to the sender, 2 or 3 otherwise; null when unknown. */
  connectionDegree: 1 | 2 | 3 | null;
  /** A pending invitation from the sender to this member. */
  invitationPending: boolean;
}

export interface PostSummary {
  postId: string;
  url: string;
  text: string;
  postedAt: string;
}

export interface Attachment {
  name: string;
  mimeType: string;
  /** Base64 content. */
  content: string;
}

export interface VoiceNote {
  mimeType: string;
  /** Base64 audio. */
  content: string;
  durationMs: number;
}

export interface SentMessage {
  chatId: string;
  messageId: string;
  sentAt: string;
}

export interface SentInvitation {
  invitationId: string;
  memberId: string;
  sentAt: string;
}

export interface Relation {
  memberId: string;
  publicIdentifier: string;
  connectedAt: string;
}

export interface ChatMessage {
  chatId: string;
  messageId: string;
  /** The other person in the chat. */
  counterpartMemberId: string;
  /** True when the sender wrote it (from Herald or from LinkedIn directly). */
  isFromSender: boolean;
  text: string;
  at: string;
}

/** A one-to-one chat of the sender, as listed for reading its conversations. */
export interface ChatSummary {
  chatId: string;
  /** The other person in the chat. */
  counterpartMemberId: string;
  /** When its newest message was written (ISO). */
  lastMessageAt: string;
}

export interface SsiScore {
  score: number;
  brand: number;
  people: number;
  insights: number;
  relationships: number;
  industryTop: number | null;
  networkTop: number | null;
  industryAverage: number | null;
  networkAverage: number | null;
  industryName: string | null;
}

export interface Page<T> {
  items: T[];
  /** Pass to get the next page; null at the end. */
  cursor: string | null;
}

export type ProviderAccountState = "ok" | "credentials" | "restricted" | "disconnected" | "checkpoint";

/** Something that happened on LinkedIn, pushed by the provider (webhook) or found by polling. */
export type ProviderActivity =
  | { kind: "relation.created"; providerAccountId: string; memberId: string; publicIdentifier: string | null; at: string }
  | ({ kind: "message.created"; providerAccountId: string } & ChatMessage)
  | { kind: "account.state"; providerAccountId: string; state: ProviderAccountState; message?: string };

/** Codes shared with the API (spec, Errors item 2) and with action failures. */
export type ProviderErrorCode =
  // Sign-in
  | "invalid-credentials"
  | "invalid-session"
  | "rate-limited"
  | "proxy-failed"
  | "provider-timeout"
  | "provider-unreachable"
  | "checkpoint-code-rejected"
  | "checkpoint-restricted"
  | "checkpoint-expired"
  | "unsupported-verification"
  | "verification-required"
  | "verification-failed"
  | "connection-failed"
  // Actions
  | "profile-not-found"
  | "already-invited"
  | "already-connected"
  | "not-connected"
  | "network-limit-reached"
  | "throttled"
  | "no-inmail-credits"
  | "no-recent-post"
  | "session-expired"
  | "account-restricted"
  | "action-failed";

export class LinkedinProviderError extends Error {
  readonly code: ProviderErrorCode;
  /** Worth trying again later (timeouts, throttling). */
  readonly retryable: boolean;
  readonly retryAfterSeconds?: number;

  constructor(code: ProviderErrorCode, message: string, options: { retryable?: boolean; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "LinkedinProviderError";
    this.code = code;
    this.retryable = options.retryable ?? ["provider-timeout", "provider-unreachable", "rate-limited", "throttled"].includes(code);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export interface HostedAuthRequest {
  /** Herald's hosted link id, echoed back in the provider's notification. */
  linkId: string;
  kind: "create" | "reconnect";
  reconnectProviderAccountId?: string;
  expiresAt: Date;
  /** Where the provider notifies Herald of the outcome. */
  notifyUrl: string;
  successUrl: string;
  failureUrl: string;
}

/** Who a campaign forecast simulates, for a provider that can tell what prospects will do. */
export interface ForecastOutcomeInput {
  /** Herald sender id → its session with the provider (providerAccountId). */
  senders: Array<{ id: string; providerAccountId: string }>;
  /** Campaign lead id → the lead's LinkedIn identity. */
  leads: Array<{ id: string; memberId: string | null; publicIdentifier: string | null }>;
  /** The forecast's start (epoch milliseconds): answers already due arrive no earlier. */
  start: number;
}

export interface LinkedinProvider {
  readonly name: "sandbox" | "unipile";

  // Connecting senders
  connectWithPassword(input: PasswordSignIn): Promise<ConnectResult>;
  connectWithCookie(input: CookieSignIn): Promise<ConnectResult>;
  /** Answers a pending checkpoint with a code (2FA, OTP) or a phone number (PHONE_REGISTER). */
  solveCheckpoint(providerAccountId: string, answer: { code?: string; phone?: string }): Promise<ConnectResult>;
  /** Re-reads the live session: completes IN_APP_VALIDATION and CAPTCHA done outside the API. */
  checkCheckpoint(providerAccountId: string): Promise<ConnectResult>;
  resendCheckpoint(providerAccountId: string): Promise<ProviderCheckpoint>;
  tryAnotherWay(providerAccountId: string): Promise<ProviderCheckpoint>;
  /** A provider-hosted sign-in page, or null when Herald hosts the page itself (sandbox). */
  createHostedAuthLink(request: HostedAuthRequest): Promise<{ url: string } | null>;
  reconnectWithCookie(providerAccountId: string, input: CookieSignIn): Promise<ConnectResult>;
  reconnectWithPassword(providerAccountId: string, input: PasswordSignIn): Promise<ConnectResult>;
  getAccountState(providerAccountId: string): Promise<ProviderAccountState>;
  disconnect(providerAccountId: string): Promise<void>;

  // Reading LinkedIn
  getProfile(providerAccountId: string, profileUrlOrIdentifier: string): Promise<MemberProfile>;
  searchPeople(providerAccountId: string, input: { searchUrl: string; cursor?: string | null }): Promise<Page<MemberProfile>>;
  listRecentPosts(providerAccountId: string, memberId: string, limit?: number): Promise<PostSummary[]>;
  listSentInvitations(providerAccountId: string, cursor?: string | null): Promise<Page<SentInvitation>>;
  listRelations(providerAccountId: string, cursor?: string | null): Promise<Page<Relation>>;
  listMessages(providerAccountId: string, input: { since: Date; cursor?: string | null }): Promise<Page<ChatMessage>>;
  /**
   * The sender's one-to-one chats with a message since a moment, newest first. Group chats are left
   * out: they have no single counterpart to attach to a lead.
   */
  listChats(providerAccountId: string, input: { since: Date; cursor?: string | null }): Promise<Page<ChatSummary>>;
  /** The messages of one chat written since a moment (reactions and chat events left out). */
  listChatMessages(providerAccountId: string, chatId: string, input: { since: Date; cursor?: string | null }): Promise<Page<ChatMessage>>;
  getInmailBalance(providerAccountId: string): Promise<number>;
  /**
   * Whether the sender visited the member's profile since a moment, for reconciling a visit
   * interrupted by a crash. Optional: a provider that cannot tell leaves it out, and Herald then
   * counts the visit as made rather than risk a second one.
   */
  visitedProfileSince?(providerAccountId: string, memberId: string, since: Date): Promise<boolean>;
  getSsi(providerAccountId: string): Promise<SsiScore | null>;

  // Acting on LinkedIn
  sendInvitation(providerAccountId: string, input: { memberId: string; note?: string }): Promise<SentInvitation>;
  withdrawInvitation(providerAccountId: string, invitationId: string): Promise<void>;
  sendMessage(providerAccountId: string, input: { memberId: string; text: string; attachments?: Attachment[]; voiceNote?: VoiceNote }): Promise<SentMessage>;
  sendInmail(providerAccountId: string, input: { memberId: string; subject: string; text: string; attachments?: Attachment[] }): Promise<SentMessage>;
  visitProfile(providerAccountId: string, memberId: string): Promise<void>;
  reactToPost(providerAccountId: string, postId: string): Promise<void>;
  /** Follows the member (no connection request); following one already followed succeeds. */
  followProfile(providerAccountId: string, memberId: string): Promise<void>;
  commentOnPost(providerAccountId: string, postId: string, text: string): Promise<{ commentId: string }>;

  // Forecasting
  /**
   * What the prospects will do (acceptances, replies and when), for the campaign forecast. Only a
   * network whose behaviour is known implements it (the sandbox's model is deterministic); real
   * LinkedIn does not, and the forecast then draws from acceptance and reply rates.
   */
  forecastOutcomeModel?(input: ForecastOutcomeInput): Promise<OutcomeModel>;
}
