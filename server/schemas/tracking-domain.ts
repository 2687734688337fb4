// Tracking domains (docs/email-tracking.md, "Tracking domains"): the API's shapes, shared by REST,
// tRPC, OpenAPI and the dashboard.
import { z } from "zod";
import { ZTimestamp } from "./common";

export const ZTrackingDomainStatus = z.enum(["pending", "verified", "failing"]).meta({
  description: "`pending` (added, not checked yet), `verified` (its CNAME points at Herald and its TXT proof holds this tracking domain's value: new e-mails' links use it), `failing` (the last check did not find both records; `reason` says why; links already sent on a host once verified keep working). Checked hourly and on demand",
});

export const ZTrackingDomain = z
  .object({
    id: z.string().meta({ example: "trk_0f6c2d8e9a7b4c3d8e1f2a3b4c5d6e7f" }),
    host: z.string().meta({ description: "The host the links use", example: "track.acme.com" }),
    domain: z.string().meta({ description: "The sending domain whose mailboxes use it (unless a mailbox picks another)", example: "acme.com" }),
    status: ZTrackingDomainStatus,
    statusLabel: z.string().meta({ description: "The status in plain words" }),
    reason: z.string().nullable().meta({ description: "Why the last check did not verify it, and what to change; null when verified or not checked yet" }),
    httpsWarning: z.string().nullable().meta({ description: "What the last check found wrong with HTTPS on the host: new e-mails' links (their unsubscribe link too) point at https://<host> and fail until it answers. Not a failure of the check" }),
    record: z
      .object({ type: z.literal("CNAME"), host: z.string(), value: z.string() })
      .meta({ description: "The CNAME record to add at the domain's DNS host (also the first of `records`)", example: { type: "CNAME", host: "track.acme.com", value: "herald.example.com" } }),
    records: z
      .array(z.object({ type: z.enum(["CNAME", "TXT"]), host: z.string(), value: z.string() }))
      .meta({
        description:
          "Both records to add at the domain's DNS host: the CNAME to Herald, and the TXT record `_herald-tracking.<host>` holding `herald-tracking=<token>`, this tracking domain's own random value, which proves the host is this workspace's. Both must be found to verify",
        example: [
          { type: "CNAME", host: "track.acme.com", value: "herald.example.com" },
          { type: "TXT", host: "_herald-tracking.track.acme.com", value: "herald-tracking=4f9c0d2e8b7a4c1d9e3f2a1b0c9d8e7f" },
        ],
      }),
    mailboxCount: z.number().int().meta({ description: "Mailboxes whose links use it once verified (on its domain without an override of their own, or that picked it)" }),
    checkedAt: ZTimestamp.nullable(),
    verifiedAt: ZTimestamp.nullable().meta({ description: "When both its records were first found; once set, the host keeps answering the links already sent on it whatever later checks find, until it is removed" }),
    createdAt: ZTimestamp,
  })
  .meta({ id: "TrackingDomain" });
export type TTrackingDomain = z.infer<typeof ZTrackingDomain>;

export const ZCreateTrackingDomainInput = z
  .object({
    host: z.string().trim().min(1, "enter the host your links should use, such as track.acme.com").max(253, "must be at most 253 characters").meta({ example: "track.acme.com" }),
    domain: z
      .string()
      .trim()
      .max(253, "must be at most 253 characters")
      .optional()
      .meta({ description: "The sending domain whose mailboxes use it; by default the domain of the workspace's mailboxes that the host is a subdomain of", example: "acme.com" }),
  })
  .meta({ id: "CreateTrackingDomainInput" });
export type TCreateTrackingDomainInput = z.infer<typeof ZCreateTrackingDomainInput>;

export const ZMailboxTrackingInput = z
  .object({
    trackingDomainId: z.string().min(1).nullable().meta({ description: "The workspace's tracking domain this mailbox's links use; null: its sending domain's (else Herald's address)" }),
  })
  .meta({ id: "MailboxTrackingInput" });
export type TMailboxTrackingInput = z.infer<typeof ZMailboxTrackingInput>;

export const ZMailboxTracking = z
  .object({
    host: z.string().meta({ description: "The host this mailbox's open pixel, click and unsubscribe links use now", example: "track.acme.com" }),
    source: z.enum(["mailbox", "domain", "herald"]).meta({ description: "`mailbox` (its own pick), `domain` (its sending domain's tracking domain) or `herald` (HERALD_URL: no verified tracking domain)" }),
    trackingDomainId: z.string().nullable().meta({ description: "The tracking domain the mailbox picked; null when it follows its sending domain" }),
    warning: z.string().nullable().meta({ description: "Set when the links point at a tracking host that did not answer over HTTPS at its last check, or are on another domain than the mailbox's, with the fix in words" }),
  })
  .meta({ id: "MailboxTracking" });
export type TMailboxTracking = z.infer<typeof ZMailboxTracking>;
