// The Sandbox page's shapes (the dashboard's view of the simulated network; not in the API).
import { z } from "zod";
import { ZTimestamp } from "./common";

const ZSandboxPerson = z.object({ name: z.string(), profileUrl: z.string() });

export const ZSandboxOverview = z.object({
  /** Whether the installation runs on the sandbox network (HERALD_LINKEDIN_PROVIDER=sandbox). */
  active: z.boolean(),
  credentials: z.array(z.object({ example: z.string(), outcome: z.string() })),
  senders: z.array(z.object({ accountId: z.string(), name: z.string(), memberId: z.string() })),
  pendingSignIns: z.array(
    z.object({ accountId: z.string(), sessionId: z.string(), name: z.string().nullable(), username: z.string().nullable(), type: z.string() }),
  ),
  invitations: z.array(
    z.object({
      id: z.string(),
      sender: z.string(),
      senderMemberId: z.string(),
      prospectId: z.string(),
      prospect: ZSandboxPerson.optional(),
      note: z.string().nullable(),
      status: z.string(),
      sentAt: ZTimestamp,
      acceptAt: ZTimestamp.nullable(),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      fromSender: z.boolean(),
      sender: z.string(),
      senderMemberId: z.string(),
      prospectId: z.string(),
      prospect: ZSandboxPerson.optional(),
      subject: z.string().nullable(),
      text: z.string(),
      sentAt: ZTimestamp,
      replyAt: ZTimestamp.nullable(),
    }),
  ),
  interactions: z.array(
    z.object({ id: z.string(), kind: z.string(), sender: z.string(), prospect: ZSandboxPerson.optional(), text: z.string().nullable(), at: ZTimestamp }),
  ),
});
export type TSandboxOverview = z.infer<typeof ZSandboxOverview>;

/** Comments the network's prospects received on their posts, and voice messages with their audio. */
export const ZSandboxReceived = z.object({
  comments: z.array(
    z.object({
      id: z.string(),
      sender: z.string(),
      prospect: ZSandboxPerson.nullable(),
      /** The post commented on; null when it no longer exists. */
      post: z.object({ text: z.string(), postedAt: ZTimestamp }).nullable(),
      text: z.string(),
      at: ZTimestamp,
    }),
  ),
  voiceMessages: z.array(
    z.object({
      id: z.string(),
      sender: z.string(),
      prospect: ZSandboxPerson.nullable(),
      /** The text sent along with the audio, often empty. */
      text: z.string(),
      durationMs: z.number().int().nullable(),
      /** A signed, expiring address of the audio; null for a voice message sent before the network kept audio. */
      audio: z.object({ url: z.string(), expiresAt: ZTimestamp, mimeType: z.string() }).nullable(),
      sentAt: ZTimestamp,
    }),
  ),
});
export type TSandboxReceived = z.infer<typeof ZSandboxReceived>;

/** The Sandbox's built-in webhook receiver: its address, the endpoints pointing at it, what arrived. */
export const ZSandboxWebhookReceiver = z.object({
  /** False where the sandbox is off: there is no receiver then. */
  enabled: z.boolean(),
  /** Null until the receiver was first set up. */
  url: z.string().nullable(),
  endpoints: z.array(z.object({ id: z.string(), enabled: z.boolean(), events: z.number().int() })),
  arrivals: z.array(
    z.object({
      id: z.string(),
      receivedAt: ZTimestamp,
      event: z.string().nullable(),
      deliveryId: z.string().nullable(),
      headers: z.record(z.string(), z.string()),
      body: z.string(),
      signatureValid: z.boolean(),
    }),
  ),
});
export type TSandboxWebhookReceiver = z.infer<typeof ZSandboxWebhookReceiver>;
