// Mailbox orders (the spec's Mailbox order resource), the documented extensions for ordering
// (domain search, quote, pay, resume, cancel), and the managed mailbox's `managed` object and
// cancel-managed. One shape each, shared by REST, tRPC, OpenAPI and the dashboard's wizard.
import { z } from "zod";
import "zod-openapi";
import { ZPaginationQuery, ZTimestamp } from "./common";
import { WEB_URL_RULE, webUrl } from "./web-url";
import { ZUpdateWarmupInput, ZWarmupStrategy } from "./mailbox-health";
import { ZMailbox, ZMailPlatform } from "./mailbox";

export { MAIL_PLATFORMS, ZMailboxManaged, ZMailPlatform, type TMailboxManaged, type TMailPlatform } from "./mailbox";

export const MAILBOX_ORDER_STATUSES = [
  "quoted",
  "paid",
  "placing",
  "placing_unknown",
  "placed",
  "provisioning",
  "authorizing",
  "connecting",
  "completed",
  "needs_attention",
  "cancelled",
] as const;
export const ZMailboxOrderStatus = z.enum(MAILBOX_ORDER_STATUSES, { message: `must be one of ${MAILBOX_ORDER_STATUSES.join(", ")}` }).meta({
  id: "MailboxOrderStatus",
  description:
    "`quoted` (priced, not paid), `paid`, `placing` (registering domains), `placing_unknown` (a registrar's answer was lost; Herald asks the registrar before anything else), `placed`, `provisioning` (domains and mailboxes being created, DNS published), `authorizing` (granting Herald access), `connecting` (mailboxes joining Herald, warmup starting), `completed`, `needs_attention` (delayed or failed; the team is on it and the order can resume), `cancelled` (stopped and refunded)",
});
export type TMailboxOrderStatus = z.infer<typeof ZMailboxOrderStatus>;

export const ORDER_DOMAIN_STATUSES = ["pending", "registering", "registered", "refused", "provisioned", "connected"] as const;
export const ORDER_MAILBOX_STEPS = ["ordered", "created", "authorized", "connected", "refused"] as const;

export const ZMailboxOrderMailbox = z
  .object({
    email: z.string().meta({ example: "jane@acme-mail.com" }),
    firstName: z.string(),
    lastName: z.string(),
    step: z.enum(ORDER_MAILBOX_STEPS).meta({
      description: "`ordered`, `created` (exists at the mail platform), `authorized` (Herald was granted access), `connected` (a Herald mailbox, `accountId`), `refused` (its domain was refused)",
      example: "ordered",
    }),
    isAdmin: z.boolean().meta({ description: "The domain's admin mailbox (the first mailbox of a new domain)" }),
    accountId: z.string().nullable().meta({ description: "The Herald mailbox it became, once connected" }),
    connectedAt: ZTimestamp.nullable(),
  })
  .meta({ id: "MailboxOrderMailbox" });

export const ZDnsRecord = z
  .object({
    type: z.enum(["MX", "TXT", "CNAME"]),
    host: z.string().meta({ description: "`@` for the domain itself, else the name below it", example: "@" }),
    value: z.string(),
    priority: z.number().int().nullable(),
  })
  .meta({ id: "DnsRecord" });
export type TDnsRecord = z.infer<typeof ZDnsRecord>;

export const ZMailboxOrderDomain = z
  .object({
    name: z.string().meta({ example: "acme-mail.com" }),
    existing: z.boolean().meta({ description: "The workspace already holds the domain: Herald does not register it" }),
    platform: ZMailPlatform,
    years: z.number().int(),
    redirectUrl: z.string().nullable().meta({ description: "Where visitors of the domain's web address are sent" }),
    status: z.enum(ORDER_DOMAIN_STATUSES).meta({
      description: "`pending`, `registering`, `registered`, `refused` (`refusedReason` says why; its part is refunded), `provisioned` (mail platform and DNS ready), `connected`",
    }),
    refusedReason: z.string().nullable().meta({ description: "Why the registrar refused the domain, e.g. `taken`" }),
    mailboxes: z.array(ZMailboxOrderMailbox),
    dnsRecords: z.array(ZDnsRecord).meta({
      description: "Extension. The records the domain needs. Herald publishes them for domains it registered; for a domain of your own, publish them at your DNS host",
    }),
  })
  .meta({ id: "MailboxOrderDomain" });

export const ZMailboxOrderLine = z.object({ description: z.string(), amountCents: z.number().int() }).meta({ id: "MailboxOrderLine" });
export type TMailboxOrderLine = z.infer<typeof ZMailboxOrderLine>;

export const PAYMENT_STATUSES = ["none", "pending", "paid", "refunded", "partially_refunded"] as const;

export const ZMailboxOrder = z
  .object({
    id: z.string().meta({ example: "mor_4f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f" }),
    status: ZMailboxOrderStatus,
    delayed: z.boolean().meta({ description: "A step is taking longer than expected" }),
    statusLabel: z.string().nullable().meta({ description: "What is happening or what went wrong, in plain words" }),
    createdVia: z.enum(["dashboard", "api"]),
    warmup: z.object({ enabled: z.boolean(), strategy: ZWarmupStrategy.nullable() }),
    domains: z.array(ZMailboxOrderDomain),
    totals: z.object({ totalCents: z.number().int(), currency: z.string().meta({ example: "usd" }) }),
    lines: z.array(ZMailboxOrderLine).meta({ description: "Extension. What the total is made of" }),
    payment: z
      .object({
        provider: z.string().nullable().meta({ description: "`sandbox` or `stripe`" }),
        status: z.enum(PAYMENT_STATUSES),
        checkoutUrl: z.string().nullable().meta({ description: "Where to pay while `pending` (Stripe Checkout)" }),
        refundedCents: z.number().int(),
        paidAt: ZTimestamp.nullable(),
      })
      .meta({ description: "Extension. The payment" }),
    expiresAt: ZTimestamp.meta({ description: "Extension. A `quoted` order must be paid before then" }),
    completedAt: ZTimestamp.nullable(),
    cancelledAt: ZTimestamp.nullable().meta({ description: "Extension" }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "MailboxOrder" });
export type TMailboxOrder = z.infer<typeof ZMailboxOrder>;

export const ZListMailboxOrdersQuery = ZPaginationQuery.extend({
  status: ZMailboxOrderStatus.optional(),
});
export type TListMailboxOrdersQuery = z.infer<typeof ZListMailboxOrdersQuery>;

// ---------------------------------------------------------------------------
// Ordering

const ZDomainName = z
  .string({ message: "must be a domain name such as acme-mail.com" })
  .trim()
  .toLowerCase()
  .max(253, "must be at most 253 characters")
  .regex(/^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, "must be a domain name such as acme-mail.com");

export const ZDomainSearchInput = z
  .object({
    query: z
      .string({ message: "must be a name or a domain, e.g. acme or acme.com" })
      .trim()
      .min(1, "must not be empty")
      .max(63, "must be at most 63 characters")
      .meta({ description: "A name (`acme`: Herald suggests domains) or a full domain (`acme.com`: that one first)", example: "acme" }),
    years: z.number().int("must be a whole number of years").min(1, "must be from 1 to 10").max(10, "must be from 1 to 10").default(1),
  })
  .strict()
  .meta({ id: "DomainSearchInput" });
export type TDomainSearchInput = z.infer<typeof ZDomainSearchInput>;

export const ZDomainOffer = z
  .object({
    name: z.string(),
    available: z.boolean(),
    priceCents: z.number().int().nullable().meta({ description: "Registration for the years asked, in cents; null when not available" }),
    renewalCents: z.number().int().nullable().meta({ description: "Yearly renewal, in cents" }),
    currency: z.string(),
    reason: z.string().nullable().meta({ description: "Why not available, in plain words" }),
  })
  .meta({ id: "DomainOffer" });
export type TDomainOffer = z.infer<typeof ZDomainOffer>;

const ZPersonName = z.string({ message: "is required" }).trim().min(1, "is required").max(60, "must be at most 60 characters");

export const ZOrderMailboxInput = z
  .object({
    localPart: z
      .string({ message: "is required" })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/, "must be the part before @: letters, digits, dots, dashes or underscores")
      .meta({ example: "jane" }),
    firstName: ZPersonName,
    lastName: ZPersonName,
  })
  .strict();

export const ZOrderDomainInput = z
  .object({
    name: ZDomainName.meta({ example: "acme-mail.com" }),
    existing: z.boolean().default(false).meta({ description: "true for a domain the workspace already holds (bought through Herald, or its own): it is not registered" }),
    platform: ZMailPlatform,
    years: z.number().int("must be a whole number of years").min(1, "must be from 1 to 10").max(10, "must be from 1 to 10").default(1),
    redirectUrl: webUrl({ example: "https://acme.com" }).nullable().optional().meta({
      description: `Where visitors of the domain's web address are sent. ${WEB_URL_RULE}`,
    }),
    mailboxes: z.array(ZOrderMailboxInput).min(1, "needs at least one mailbox").max(50, "at most 50 mailboxes per domain"),
  })
  .strict();

export const ZQuoteMailboxOrderInput = z
  .object({
    domains: z.array(ZOrderDomainInput).min(1, "needs at least one domain").max(20, "at most 20 domains per order"),
    warmup: z
      .object({
        enabled: z.boolean().default(true),
        strategy: ZUpdateWarmupInput.optional().meta({ description: "A preset name or custom values, as PATCH /email-accounts/{id}/warmup takes; the conservative preset when left out" }),
      })
      .strict()
      .default({ enabled: true }),
  })
  .strict()
  .meta({ id: "QuoteMailboxOrderInput" });
export type TQuoteMailboxOrderInput = z.infer<typeof ZQuoteMailboxOrderInput>;

export const ZPayMailboxOrderInput = z
  .object({
    returnUrl: webUrl({ example: "https://app.example.com/orders" }).optional().meta({
      description: `Where the payment page sends the person back (Stripe Checkout); the Orders page when left out. ${WEB_URL_RULE}`,
    }),
  })
  .strict()
  .default({});
export type TPayMailboxOrderInput = z.infer<typeof ZPayMailboxOrderInput>;

// ---------------------------------------------------------------------------
// Managed mailboxes

export const ZCancelManagedInput = z
  .object({
    confirmAdmin: z.boolean({ message: "must be true or false" }).default(false).meta({
      description: "Must be true to cancel a domain's admin mailbox while other mailboxes run on the domain",
    }),
  })
  .strict()
  .default({ confirmAdmin: false });
export type TCancelManagedInput = z.infer<typeof ZCancelManagedInput>;

export const ZCancelManagedResult = z
  .object({ cancelAt: ZTimestamp, account: ZMailbox })
  .meta({ id: "CancelManagedResult" });
export type TCancelManagedResult = z.infer<typeof ZCancelManagedResult>;
