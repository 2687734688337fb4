// Made-up `data` for each subscribable event: what an automation platform shows while a user maps
// fields, before any real event came (Zapier's performList, Make's and n8n's sample). Never read
// from a workspace. Typed by, and tested against, the events' data schemas (schemas/event-data.ts).
import type { EventName } from "../../schemas/events";
import type { TLead } from "../../schemas/lead";
import type { TMailbox } from "../../schemas/mailbox";
import type { TSenderAccount } from "../../schemas/sender";
import { toWarmup } from "../mail/warmup/to-warmup";

const AT = "2026-03-02T09:30:00.000Z";
const ACCOUNT = "acc_5a1b2c3d4e5f60718293a4b5c6d7e8f9";
const MAILBOX = "mbx_6b2c3d4e5f60718293a4b5c6d7e8f9a0";
const CAMPAIGN = "cmp_7c3d4e5f60718293a4b5c6d7e8f9a0b1";
const CAMPAIGN_LEAD = "cld_8d4e5f60718293a4b5c6d7e8f9a0b1c2";
const LEAD = "led_9e5f60718293a4b5c6d7e8f9a0b1c2d3";
const STEP = "cls_0f60718293a4b5c6d7e8f9a0b1c2d3e4";
const MESSAGE_ID = "<20260302093000.sample@mail.example.com>";
const PERSON = { firstName: "Ada", lastName: "Lovelace", publicIdentifier: "ada-lovelace-sample" };
const CAPS = { invitations: 25, profileViews: 80, postLikes: 40, messages: 100, inmails: 25, comments: 20, follows: 50 };

const SENDER: TSenderAccount = {
  id: ACCOUNT,
  label: "Grace (sales)",
  fullName: "Grace Hopper",
  firstName: "Grace",
  lastName: "Hopper",
  headline: "Head of Sales at Example Corp",
  publicIdentifier: "grace-hopper-sample",
  profileUrl: "https://www.linkedin.com/in/grace-hopper-sample",
  profilePicture: null,
  connectionMethod: "cookie",
  connectedVia: "dashboard",
  hostedLinkId: null,
  status: "active",
  connectionStatus: "connected",
  isVerified: true,
  isPremium: false,
  linkedinPlan: "free",
  error: null,
  limits: { daily: CAPS, weeklyInvitations: 130, weeklyLimitBypassed: false },
  usage: { timezone: "Europe/Berlin", day: { ...CAPS, invitations: 3, profileViews: 12, postLikes: 2, messages: 5, inmails: 0, comments: 0, follows: 0, date: "2026-03-02" }, week: { startsOn: "2026-03-02", invitations: 3 } },
  paused: false,
  pausedReason: null,
  pausedAt: null,
  cooldownUntil: null,
  cooldownReason: null,
  checkpoint: null,
  inmailCredits: null,
  ssi: null,
  country: "DE",
  timezone: "Europe/Berlin",
  voiceId: null,
  createdAt: AT,
  updatedAt: AT,
};

const MAILBOX_OBJECT: TMailbox = {
  id: MAILBOX,
  label: "Grace (sales)",
  email: "grace@example.com",
  fromName: "Grace Hopper",
  provider: "google",
  authType: "oauth",
  webhookUrl: null,
  connectedVia: "dashboard",
  hostedLinkId: null,
  status: "connected",
  error: null,
  settings: null,
  limits: { daily: 50 },
  usage: { timezone: "Europe/Berlin", date: "2026-03-02", sent: 12, remaining: 38 },
  counters: { sent: 412, bounced: 6, complained: 0 },
  signature: null,
  paused: false,
  pausedReason: null,
  pausedAt: null,
  trackOpens: true,
  trackClicks: true,
  timezone: "Europe/Berlin",
  dnsHealth: null,
  deliverabilityTest: null,
  health: "unchecked",
  managed: null,
  warmup: toWarmup({ provider: "google", timezone: "Europe/Berlin" }, null, new Date(AT)),
  restoredFrom: null,
  createdAt: AT,
  updatedAt: AT,
};

const LEAD_OBJECT: TLead = {
  id: LEAD,
  ...PERSON,
  headline: "Analyst at Example Engines",
  jobTitle: "Analyst",
  company: "Example Engines",
  email: "ada@example.com",
  location: "London, United Kingdom",
  picture: null,
  notes: null,
  profileUrl: "https://www.linkedin.com/in/ada-lovelace-sample",
  openProfile: false,
  emailOptOut: false,
  emailOptOutAt: null,
  tags: ["sample"],
  autoTags: [],
  listIds: [],
  campaignIds: [],
  customVariables: {},
  source: "linkedin-search",
  sourceDetail: "https://www.linkedin.com/search/results/people/?keywords=analyst",
  lastActivityAt: null,
  enrichedAt: null,
  createdAt: AT,
  updatedAt: AT,
};

const campaignLead = { campaignLeadId: CAMPAIGN_LEAD, campaignId: CAMPAIGN, leadId: LEAD };
const linkedinPerson = { ...PERSON, providerId: "ACoAAsample0000000000000000000000000" };
const engagement = { accountId: MAILBOX, ...campaignLead, stepId: STEP, email: { messageId: MESSAGE_ID, subject: "A question about your engines" }, at: AT };

export const SAMPLE_EVENT_DATA: Record<EventName, Record<string, unknown>> = {
  "message.received": {
    source: "campaign",
    accountId: ACCOUNT,
    ...campaignLead,
    chatId: "chat_sample_1",
    message: { text: "Thanks for reaching out, happy to talk next week.", at: AT },
    from: linkedinPerson,
    classification: null,
  },
  "message.sent": {
    source: "campaign",
    accountId: ACCOUNT,
    ...campaignLead,
    chatId: "chat_sample_1",
    message: { text: "Hi Ada, thanks for connecting!", at: AT },
    to: linkedinPerson,
  },
  "connection.accepted": { source: "campaign", accountId: ACCOUNT, ...campaignLead, acceptedAt: AT, lead: linkedinPerson },
  "lead.status_changed": { ...campaignLead, oldStatus: "running", newStatus: "replied", lead: PERSON },
  "lead.imported": { importId: "imp_1a60718293a4b5c6d7e8f9a0b1c2d3e4", source: "linkedin-search", lead: LEAD_OBJECT },
  "comment.pending": {
    ...campaignLead,
    pendingCommentId: "pcm_2b60718293a4b5c6d7e8f9a0b1c2d3e4",
    postUrl: "https://www.linkedin.com/feed/update/urn:li:activity:7000000000000000000/",
    comment: "Great point about analytical engines, Ada.",
  },
  "voice_note.pending": {
    ...campaignLead,
    pendingVoiceNoteId: "pvn_3c60718293a4b5c6d7e8f9a0b1c2d3e4",
    script: "Hi Ada, Grace here. I loved your notes on the engine and wanted to say hello.",
    durationMs: 9_400,
  },
  "campaign.finished": { campaignId: CAMPAIGN, name: "Sample campaign", stats: { total: 120 } },
  "account.connected": { account: SENDER },
  "account.connection_failed": { account: { ...SENDER, status: "error", connectionStatus: "reconnect_required", error: "invalid-session" }, error: "invalid-session" },
  "account.checkpoint_required": {
    account: {
      ...SENDER,
      connectionStatus: "checkpoint_required",
      checkpoint: { type: "OTP", input: "code", requestedAt: AT, expiresAt: "2026-03-02T09:35:00.000Z", expired: false, canResend: true, canTryAnotherWay: false, url: null },
    },
  },
  "account.status_changed": { account: { ...SENDER, status: "disconnected" }, previousStatus: "active" },
  "account.paused": { account: { ...SENDER, paused: true, pausedReason: "manual", pausedAt: AT } },
  "account.resumed": { account: SENDER },
  "email.sent": {
    source: "campaign",
    accountId: MAILBOX,
    ...campaignLead,
    chatId: `email:${MAILBOX}:${MESSAGE_ID}`,
    message: { text: "Hi Ada, a short question about your engines.", at: AT },
    email: { subject: "A question about your engines", messageId: MESSAGE_ID, to: "ada@example.com", threaded: false },
    to: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
  },
  "email.received": {
    source: "campaign",
    accountId: MAILBOX,
    ...campaignLead,
    chatId: `email:${MAILBOX}:${MESSAGE_ID}`,
    email: { subject: "Re: A question about your engines", messageId: "<reply.sample@example.com>" },
    message: { text: "Sounds interesting, send me the details.", at: AT },
    from: { ...PERSON, email: "ada@example.com" },
    classification: null,
  },
  "email.bounced": {
    accountId: MAILBOX,
    ...campaignLead,
    kind: "bounce",
    email: { messageId: MESSAGE_ID, recipient: "ada@example.com" },
    bounce: { action: "failed", status: "5.1.1", message: "The mailbox does not exist" },
    deadAddress: true,
    leadFailed: true,
    at: AT,
  },
  "email.opened": engagement,
  "email.clicked": { ...engagement, url: "https://example.com/pricing" },
  "email.unsubscribed": { accountId: MAILBOX, ...campaignLead, email: { address: "ada@example.com" }, source: "one-click", leadStopped: true, at: AT },
};

/**
 * The account.* events mailboxes emit too, as a mailbox's carry them: `channel: "email"`, the mailbox
 * as GET /email-accounts/{id} returns it, and on a pause by the bounce or complaint rate, `reason`.
 */
export const MAILBOX_SAMPLE_EVENT_DATA: Partial<Record<EventName, Record<string, unknown>>> = {
  "account.connected": { channel: "email", account: MAILBOX_OBJECT },
  "account.status_changed": { channel: "email", account: { ...MAILBOX_OBJECT, status: "error", error: "The mail server refused the password" }, previousStatus: "connected" },
  "account.paused": {
    channel: "email",
    account: { ...MAILBOX_OBJECT, paused: true, pausedReason: "bounce-rate", pausedAt: AT },
    reason: "Paused automatically: 6 of its last 50 e-mails bounced (12%)",
  },
  "account.resumed": { channel: "email", account: MAILBOX_OBJECT },
};

/** Every sample of an event: the LinkedIn sender's, then for account.* a mailbox's. */
export function sampleEventData(event: EventName): Array<Record<string, unknown>> {
  const mailbox = MAILBOX_SAMPLE_EVENT_DATA[event];
  return mailbox ? [SAMPLE_EVENT_DATA[event], mailbox] : [SAMPLE_EVENT_DATA[event]];
}
