import { z } from "zod";
import { ZTimestamp } from "./common";

export const ZRole = z.enum(["owner", "admin", "member", "approver"]).meta({ id: "Role" });
export type TRole = z.infer<typeof ZRole>;

export const ZWorkspace = z
  .object({
    id: z.string().meta({ example: "wsp_3f2a9c0d1e4b4a7c8d9e0f1a2b3c4d5e" }),
    name: z.string(),
    seats: z.object({
      limit: z.number().int().meta({ description: "Seats the workspace may use for senders; 0 means no plan for senders" }),
      used: z.number().int().meta({ description: "Seats held by senders (a sender waiting on an expired verification step holds none)" }),
    }),
    aiCredits: z.object({ balance: z.number().int() }),
    settings: z.object({
      bypassWeeklyInvitationLimit: z
        .boolean()
        .meta({ description: "When true, direct connection requests ignore the weekly connection-request limit" }),
      weeklyInvitationLimitFree: z.number().int().meta({ description: "Weekly connection requests of a sender on a free LinkedIn plan" }),
      weeklyInvitationLimitPaid: z.number().int().meta({ description: "Weekly connection requests of a sender on a paid LinkedIn plan" }),
      emailChannelEnabled: z
        .boolean()
        .meta({ description: "Whether the workspace sends e-mail: mailboxes can be connected and removed only while it is on (on for new workspaces)" }),
      managedMailboxesEnabled: z.boolean().meta({
        description:
          "Whether the workspace may search and order domains and managed mailboxes (on for new workspaces). Cancelling a managed mailbox works whatever it says",
      }),
      outcomeNames: z.array(z.string()).meta({
        description: "The outcomes people may mark on a campaign lead (e.g. \"Meeting booked\"), counted as `outcomes` in the analytics",
      }),
      verificationMaxAgeDays: z.number().int().meta({
        description:
          "Address verification results younger than this many days are trusted; older ones are checked again (before a campaign's first e-mail, when leads are added again, by a verification job). 1 to 365, default 30",
      }),
      catchAllProbe: z.boolean().meta({
        description:
          "Whether address verification also asks each domain's mail server whether it would accept a made-up address (an SMTP RCPT TO probe, no mail sent), to find catch-all domains, whose addresses are then `risky` (check `catch-all`). Off by default. The probe connects from this Herald server as the installation's probe address (HERALD_VERIFICATION_PROBE_FROM), never through a mailbox, is rate-limited per installation and per mail server, and reaches only public addresses",
      }),
      optOutStopsLinkedin: z.boolean().meta({
        description:
          "When a lead unsubscribes from a campaign e-mail or marks one as spam, its campaign stops for it altogether, LinkedIn steps included (true, the default); false: only its e-mail steps stop (each skips the opted-out address) and its LinkedIn steps go on",
      }),
      messageRetentionDays: z.number().int().nullable().meta({
        description:
          "Days the workspace keeps e-mails and LinkedIn messages (and conversations whose last message is older); null keeps them for good (the default). Older messages are deleted by the hourly purge (docs/privacy.md)",
      }),
      agentWritesNeedApproval: z.boolean().meta({
        description:
          "Whether writes AI agents ask for through Herald's MCP server wait in the approvals queue (GET /pending-agent-writes) until an admin or owner approves them (false by default). Requests of the REST API are not held",
      }),
      deliveryLogRetentionDays: z.number().int().meta({
        description: "Days webhook delivery logs (payloads and attempts) and dispatched events are kept, 1 to 7 (default 7); a delivery still being retried is kept until it ends",
      }),
    }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "Workspace" });
export type TWorkspace = z.infer<typeof ZWorkspace>;

export const ZWorkspaceName = z.string().trim().min(1, "is required").max(80, "must be at most 80 characters");

const ZWeeklyLimit = z.number().int("must be a whole number").min(0, "must be at least 0").max(1000, "must be at most 1000");

export const ZUpdateWorkspaceSettingsInput = z.object({
  name: ZWorkspaceName.optional(),
  bypassWeeklyInvitationLimit: z.boolean().optional(),
  weeklyInvitationLimitFree: ZWeeklyLimit.optional(),
  weeklyInvitationLimitPaid: ZWeeklyLimit.optional(),
  emailChannelEnabled: z.boolean({ message: "must be true or false" }).optional(),
  managedMailboxesEnabled: z.boolean({ message: "must be true or false" }).optional(),
  optOutStopsLinkedin: z.boolean({ message: "must be true or false" }).optional(),
  catchAllProbe: z.boolean({ message: "must be true or false" }).optional(),
  agentWritesNeedApproval: z.boolean({ message: "must be true or false" }).optional(),
  verificationMaxAgeDays: z
    .number({ message: "must be a number of days from 1 to 365" })
    .int("must be a whole number of days from 1 to 365")
    .min(1, "must be a number of days from 1 to 365")
    .max(365, "must be a number of days from 1 to 365")
    .optional(),
  messageRetentionDays: z
    .number({ message: "must be a number of days, or null to keep messages for good" })
    .int("must be a whole number of days")
    .min(30, "must be at least 30 days")
    .max(3650, "must be at most 3650 days (10 years)")
    .nullable()
    .optional(),
  deliveryLogRetentionDays: z
    .number({ message: "must be a number of days" })
    .int("must be a whole number of days")
    .min(1, "must be at least 1 day")
    .max(7, "must be at most 7 days")
    .optional(),
  outcomeNames: z
    .array(z.string({ message: "must be text" }).trim().min(1, "must not be empty").max(40, "must be at most 40 characters"), { message: "must be a list of names" })
    .min(1, "needs at least one outcome")
    .max(10, "at most 10 outcomes")
    .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, "must not repeat a name")
    .optional(),
});
export type TUpdateWorkspaceSettingsInput = z.infer<typeof ZUpdateWorkspaceSettingsInput>;

export const ZMembershipSummary = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  role: ZRole,
  canManageBilling: z.boolean(),
});
export type TMembershipSummary = z.infer<typeof ZMembershipSummary>;
