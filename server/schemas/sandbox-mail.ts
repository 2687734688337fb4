// The Sandbox page's mail network section (the dashboard's view of the simulated mail network; not in the API).
import { z } from "zod";
import { ZTimestamp } from "./common";

const ZBounce = z.object({ kind: z.enum(["hard", "soft"]), at: ZTimestamp });

/** What the behaviour model planned for an e-mail's recipient, or what happened (null: not planned / not yet). */
const ZSandboxEmailMoments = z.object({
  open: ZTimestamp.nullable(),
  click: ZTimestamp.nullable(),
  reply: ZTimestamp.nullable(),
  autoReply: ZTimestamp.nullable(),
  bounce: ZBounce.nullable(),
  complain: ZTimestamp.nullable(),
});

export const ZSandboxMailEmail = z.object({
  id: z.string(),
  /** The sending mailbox's address and label. */
  mailbox: z.object({ email: z.string(), label: z.string() }),
  to: z.string(),
  subject: z.string(),
  sentAt: ZTimestamp,
  /** Whether Herald can see an open (the e-mail has its pixel) and a click (it has a tracked link). */
  tracksOpens: z.boolean(),
  tracksClicks: z.boolean(),
  planned: ZSandboxEmailMoments,
  happened: ZSandboxEmailMoments.extend({ unsubscribe: ZTimestamp.nullable() }),
  /** What came back to the mailbox about this e-mail: replies, auto-replies, bounces, complaints. */
  answers: z.array(z.object({ id: z.string(), kind: z.string(), subject: z.string(), text: z.string(), at: ZTimestamp })),
});
export type TSandboxMailEmail = z.infer<typeof ZSandboxMailEmail>;

export const ZSandboxMailOverview = z.object({
  /** The workspace's sandbox mailboxes. */
  mailboxes: z.array(z.object({ id: z.string(), email: z.string(), label: z.string() })),
  /** E-mails those mailboxes sent into the network, newest first (the latest 100). */
  emails: z.array(ZSandboxMailEmail),
  /** Recipient addresses that always behave one way. */
  testAddresses: z.array(z.object({ prefix: z.string(), behaviour: z.string() })),
  /** Mailbox addresses the network refuses to connect. */
  mailboxRules: z.array(z.object({ localPart: z.string(), error: z.string() })),
  rates: z.object({
    open: z.number(),
    clickOfOpened: z.number(),
    reply: z.number(),
    outOfOffice: z.number(),
    hardBounceAddress: z.number(),
    softBounce: z.number(),
    complaint: z.number(),
  }),
});
export type TSandboxMailOverview = z.infer<typeof ZSandboxMailOverview>;

export const ZSandboxMailAction = z.discriminatedUnion("action", [
  z.object({ emailId: z.string().min(1), action: z.enum(["open", "click", "auto-reply", "complain", "unsubscribe"]) }),
  z.object({ emailId: z.string().min(1), action: z.literal("reply"), text: z.string().trim().min(1, "Write the reply first").max(5000) }),
  z.object({ emailId: z.string().min(1), action: z.literal("bounce"), kind: z.enum(["hard", "soft"]) }),
]);
export type TSandboxMailAction = z.infer<typeof ZSandboxMailAction>;

export const ZSandboxMailActionResult = z.object({
  /** What happened, in plain words (e.g. whether Herald could see it). */
  message: z.string(),
});
export type TSandboxMailActionResult = z.infer<typeof ZSandboxMailActionResult>;
