// Environment variables, validated once with messages that say what to fix.
import { z } from "zod";
import { parseSeedInboxes } from "./providers/mail/seeds/seed-settings";
import { CRM_CLIENT_PAIRS, crmEnvFields } from "./env-crm";
import { booleanFlag, endpointUrl, mailServer, percentage, proxyCount } from "./env-fields";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^postgres(ql)?:\/\//.test(value), {
      message: "must be a PostgreSQL connection string such as postgresql://user:password@host:5432/herald",
    }),
  HERALD_DATA_DIR: z.string().min(1).default(".data"),
  /** 0 lets the system choose a free port (tests); Herald prints the one it bound. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Public address of this Herald, used in links (invitations, hosted connect pages). */
  HERALD_URL: z.url({ message: "must be an absolute URL such as https://herald.example.com" }).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (generate one with `openssl rand -base64 32`)").optional(),
  HERALD_API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Whether client addresses come from X-Forwarded-For (set behind a reverse proxy), and through how many proxies. */
  HERALD_TRUST_PROXY: proxyCount,
  HERALD_LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** How long a removed mailbox can be restored (campaigns, leads, settings) by connecting its address again. */
  HERALD_MAILBOX_RESTORE_DAYS: z.coerce.number().int().min(0, "must be a whole number of days, 0 or more").default(15),
  /** A mailbox pauses itself when more than this percentage of its recent e-mails bounced (at least 20 sent in 7 days). */
  HERALD_MAILBOX_MAX_BOUNCE_RATE: percentage.default(5),
  /** A mailbox pauses itself when more than this percentage of its recent e-mails were reported as spam. */
  HERALD_MAILBOX_MAX_COMPLAINT_RATE: percentage.default(0.5),
  HERALD_SEED_DEMO: booleanFlag,
  /** Whether webhook endpoints may point at private, loopback or link-local addresses. */
  HERALD_ALLOW_PRIVATE_WEBHOOK_URLS: booleanFlag,
  /** Whether files a campaign step names by URL (attachments, voice notes) may be fetched from private, loopback or link-local addresses. */
  HERALD_ALLOW_PRIVATE_FILE_URLS: booleanFlag,
  /** How many webhook endpoints one workspace may have (each delivery fans out to all of them). */
  HERALD_MAX_WEBHOOKS_PER_WORKSPACE: z.coerce.number().int().min(1, "must be a whole number of at least 1").max(1000, "must be at most 1000").default(20),
  /** Whether a password mailbox's SMTP and IMAP servers may be at private, loopback or link-local addresses. */
  HERALD_ALLOW_PRIVATE_MAIL_HOSTS: booleanFlag,
  /** Tracking domains' HTTPS check may connect to private addresses (default: only outside production). */
  HERALD_ALLOW_PRIVATE_TRACKING_HOSTS: booleanFlag,
  /**
   * Address verification's catch-all probe (a workspace setting, off by default): the address it
   * gives as MAIL FROM (default verify@ the host of HERALD_URL), never a mailbox's, and the port of
   * the domains' mail servers it connects to (25; tests point it at a loopback server).
   */
  HERALD_VERIFICATION_PROBE_FROM: z.preprocess((value) => (value === "" ? undefined : value), z.email({ message: "must be an e-mail address such as verify@herald.example.com" }).optional()),
  HERALD_VERIFICATION_PROBE_PORT: z.coerce.number().int().min(1, "must be a port from 1 to 65535").max(65535, "must be a port from 1 to 65535").default(25),
  /** Whether a webhook endpoint whose host does not resolve when it is saved is kept, with a warning. */
  HERALD_ALLOW_UNRESOLVED_WEBHOOK_HOSTS: booleanFlag,
  /** Loopback port of the embedded Inngest executor's event API (random when unset). */
  HERALD_INNGEST_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Which LinkedIn network senders act on: the built-in sandbox (default) or Unipile. */
  HERALD_LINKEDIN_PROVIDER: z
    .enum(["sandbox", "unipile"], { message: "must be sandbox or unipile" })
    .default("sandbox"),
  UNIPILE_DSN: z.string().trim().min(1).optional(),
  UNIPILE_API_KEY: z.string().min(1).optional(),
  /** Shared secret Unipile sends in the Unipile-Auth header of its webhooks. */
  UNIPILE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Reply classification: offline rules (default) or an OpenAI-compatible chat completions API. */
  HERALD_AI_PROVIDER: z.enum(["offline", "openai"], { message: "must be offline or openai" }).default("offline"),
  HERALD_AI_BASE_URL: z.url({ message: "must be an absolute URL such as https://api.openai.com/v1" }).optional(),
  HERALD_AI_API_KEY: z.string().min(1).optional(),
  HERALD_AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /** Voice notes: offline eSpeak NG (default), ElevenLabs or OpenAI speech (docs/voice-notes.md). */
  HERALD_SPEECH_PROVIDER: z.enum(["offline", "elevenlabs", "openai"], { message: "must be offline, elevenlabs or openai" }).default("offline"),
  HERALD_SPEECH_BASE_URL: z.url({ message: "must be an absolute URL such as https://api.elevenlabs.io" }).optional(),
  HERALD_SPEECH_API_KEY: z.string().min(1).optional(),
  HERALD_SPEECH_MODEL: z.string().min(1).optional(),
  /** Who finds a lead's e-mail address for the find_email step: the company database's people (the only finder so far). */
  HERALD_EMAIL_FINDER: z.enum(["company-database"], { message: "must be company-database" }).default("company-database"),
  /** Where files go: the data folder (default) or S3-compatible object storage (docs/storage.md). */
  HERALD_STORAGE: z.enum(["filesystem", "s3"], { message: "must be filesystem or s3" }).default("filesystem"),
  HERALD_S3_ENDPOINT: z.url({ message: "must be an absolute URL such as https://s3.eu-west-1.amazonaws.com" }).optional(),
  HERALD_S3_BUCKET: z.string().trim().min(1).optional(),
  HERALD_S3_REGION: z.string().trim().min(1).default("us-east-1"),
  HERALD_S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  HERALD_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (endpoint/bucket/key), as MinIO and most S3-compatible servers want. */
  HERALD_S3_FORCE_PATH_STYLE: booleanFlag,
  /** How long signed file addresses (voice note audio) stay valid, in seconds (default one hour). */
  HERALD_FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60, "must be at least 60 seconds").max(7 * 24 * 3600, "must be at most 7 days").optional(),
  /**
   * Mailbox health (docs/mailbox-health.md). DNS servers the DNS checks and blocklist lookups ask,
   * comma-separated `ip` or `ip:port` (the system's resolvers when unset).
   */
  HERALD_DNS_SERVERS: z.string().trim().min(1).optional(),
  /**
   * Tracking domains (docs/email-tracking.md): the name a workspace's tracking host (track.acme.com)
   * must be a CNAME of. Unset: the host of HERALD_URL. Set it when Herald's public name is not the one
   * tracking hosts should point at (e.g. a CDN or a proxy name in front of Herald).
   */
  HERALD_TRACKING_CNAME_TARGET: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase().replace(/\.$/, "") || undefined : value),
    z
      .string()
      .regex(/^(?=.{1,253}$)((?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z][a-z0-9-]*[a-z0-9]$/, "must be a host name such as tracking.herald.example.com (no scheme, port or path)")
      .optional(),
  ),
  /** IP blocklists (DNSBL zones) asked about the sending server, comma-separated; "none" asks none. */
  HERALD_DNSBL_ZONES: z.string().trim().min(1).default("zen.spamhaus.org,bl.spamcop.net,b.barracudacentral.org"),
  /** Domain blocklists asked about the mailbox's domain, comma-separated; "none" asks none. */
  HERALD_DOMAIN_BLOCKLISTS: z.string().trim().min(1).default("dbl.spamhaus.org,multi.surbl.org"),
  /**
   * Seed inboxes of the deliverability test (real mailboxes): a JSON array of {address, label?,
   * imap: {host, port, security, username?, password}}. Sandbox mailboxes use the sandbox's seeds.
   */
  HERALD_SEED_INBOXES: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return [];
      const parsed = parseSeedInboxes(value);
      if ("error" in parsed) {
        context.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.seeds;
    }),
  /** Which warmup network mailboxes use: auto (sandbox mailboxes on the sandbox network, real ones in Herald's pool), pool or sandbox. */
  HERALD_WARMUP_NETWORK: z.enum(["auto", "pool", "sandbox"], { message: "must be auto, pool or sandbox" }).default("auto"),
  /** The highest warmup volume (e-mails a day) any mailbox may target. */
  HERALD_WARMUP_MAX_VOLUME: z.coerce.number().int().min(1, "must be a whole number of at least 1").max(500, "must be at most 500").default(100),
  /** Days campaigns wait after warmup starts. */
  HERALD_WARMUP_HOLD_DAYS: z.coerce.number().int().min(0, "must be 0 or more").max(60, "must be at most 60").default(14),
  /**
   * Company and people search count their matches exactly when PostgreSQL expects at most this many;
   * above, `totalCount` is the planner's estimate (`totalCountIsEstimate`). Higher is more exact and
   * slower for broad searches on a large database.
   */
  HERALD_SEARCH_EXACT_COUNT_UP_TO: z.coerce.number().int().min(0, "must be 0 or more").max(1_000_000, "must be at most 1,000,000").default(1000),
  /** How many prospects the sandbox network holds (benchmarks raise it). */
  HERALD_SANDBOX_DIRECTORY_SIZE: z.coerce.number().int().min(1, "must be a whole number of at least 1").optional(),
  /**
   * A simulated network wait before each sandbox LinkedIn call, in milliseconds (0: none), spread
   * evenly by up to ± HERALD_SANDBOX_LATENCY_JITTER_MS: benchmarks and demos of real provider latency.
   */
  HERALD_SANDBOX_LATENCY_MS: z.coerce.number().int().min(0, "must be 0 or more milliseconds").max(60_000, "must be at most 60000 milliseconds").default(0),
  HERALD_SANDBOX_LATENCY_JITTER_MS: z.coerce.number().int().min(0, "must be 0 or more milliseconds").max(60_000, "must be at most 60000 milliseconds").default(0),
  /**
   * How many sender turns one Herald process takes at once. Turns mostly wait on LinkedIn, so this
   * is what lets hundreds of senders act within a minute.
   */
  HERALD_TURN_CONCURRENCY: z.coerce.number().int().min(1, "must be a whole number of at least 1").max(1000, "must be at most 1000").default(50),
  /**
   * How many Herald processes share one Inngest server: its concurrency limits count across all of
   * them, so take-sender-turn's limit is HERALD_TURN_CONCURRENCY × HERALD_PROCESSES.
   */
  HERALD_PROCESSES: z.coerce.number().int().min(1, "must be a whole number of at least 1").max(1000, "must be at most 1000").default(1),
  /** Connections each Herald process keeps to PostgreSQL; unset: sized to HERALD_TURN_CONCURRENCY. */
  HERALD_DATABASE_POOL_SIZE: z.coerce.number().int().min(1, "must be a whole number of at least 1").max(500, "must be at most 500").optional(),
  /**
   * Seconds a statement may run, and a connection sit idle in a transaction, before PostgreSQL ends
   * it. The embedded database cannot interrupt a running statement (pglite-server.ts): there it
   * closes a connection that holds the database idle in a transaction or batch this long.
   */
  HERALD_DATABASE_STATEMENT_TIMEOUT: z.coerce.number().int().min(1, "must be a whole number of seconds, at least 1").max(86_400, "must be at most 86400 (a day)").default(120),
  /** OAuth 2.0 client of a Google Cloud project (web application): without both, Google mailboxes are not offered. */
  HERALD_GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  HERALD_GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** An app registration in Microsoft Entra ID: without both, Microsoft mailboxes are not offered. */
  HERALD_MICROSOFT_CLIENT_ID: z.string().trim().min(1).optional(),
  HERALD_MICROSOFT_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** Which Microsoft accounts may sign in: `common` (any), `organizations`, `consumers` or a tenant id. */
  HERALD_MICROSOFT_TENANT: z.string().trim().min(1).default("common"),
  // Where the providers' endpoints and mail servers are; set only to point Herald at a stand-in
  // (the tests' fake authorization server and loopback mail servers).
  HERALD_GOOGLE_AUTHORIZE_URL: endpointUrl,
  HERALD_GOOGLE_TOKEN_URL: endpointUrl,
  HERALD_GOOGLE_USERINFO_URL: endpointUrl,
  HERALD_GOOGLE_SMTP_SERVER: mailServer,
  HERALD_GOOGLE_IMAP_SERVER: mailServer,
  HERALD_MICROSOFT_AUTHORIZE_URL: endpointUrl,
  HERALD_MICROSOFT_TOKEN_URL: endpointUrl,
  HERALD_MICROSOFT_SMTP_SERVER: mailServer,
  HERALD_MICROSOFT_IMAP_SERVER: mailServer,
  /**
   * The system mailbox Herald sends its own e-mails through (invitations): an SMTP server as
   * host:port:security, the sender, and a sign-in when the server asks for one. Unset: no e-mail.
   */
  HERALD_SYSTEM_SMTP_SERVER: mailServer,
  HERALD_SYSTEM_MAIL_FROM: z.string().trim().min(3, "must be an address such as Herald <herald@example.com>").optional(),
  HERALD_SYSTEM_SMTP_USERNAME: z.string().trim().min(1).optional(),
  HERALD_SYSTEM_SMTP_PASSWORD: z.string().optional(),
  /** Mailbox orders (docs/mailbox-orders.md): the registrar that registers domains, sandbox (default) or Name.com. */
  HERALD_REGISTRAR: z.enum(["sandbox", "namecom"], { message: "must be sandbox or namecom" }).default("sandbox"),
  HERALD_NAMECOM_USERNAME: z.string().trim().min(1).optional(),
  HERALD_NAMECOM_TOKEN: z.string().trim().min(1).optional(),
  /** Name.com's API address (its test environment, or a stand-in in tests); the production API when unset. */
  HERALD_NAMECOM_URL: endpointUrl,
  /** The mail platform that hosts managed mailboxes: sandbox (default) or Microsoft 365 through Microsoft Graph. */
  HERALD_MAIL_PLATFORM: z.enum(["sandbox", "microsoft-graph"], { message: "must be sandbox or microsoft-graph" }).default("sandbox"),
  /** The Microsoft 365 tenant managed mailboxes live in, and an app registration there with Domain.ReadWrite.All, User.ReadWrite.All and Directory.ReadWrite.All. */
  HERALD_GRAPH_TENANT_ID: z.string().trim().min(1).optional(),
  HERALD_GRAPH_CLIENT_ID: z.string().trim().min(1).optional(),
  HERALD_GRAPH_CLIENT_SECRET: z.string().trim().min(1).optional(),
  HERALD_GRAPH_URL: endpointUrl,
  HERALD_GRAPH_TOKEN_URL: endpointUrl,
  /**
   * E-mail API providers' addresses, for tests and self-hosted stand-ins only: a loopback stand-in
   * answering in the provider's documented shapes. Unset (production), each official client uses
   * the provider's own host (SES: the region's endpoint; Mailgun: its US or EU host).
   */
  HERALD_SES_ENDPOINT: endpointUrl,
  HERALD_POSTMARK_API_URL: endpointUrl,
  HERALD_SENDGRID_API_URL: endpointUrl,
  HERALD_MAILGUN_API_URL: endpointUrl,
  /**
   * For tests only, refused in production: an address prefix (e.g. http://127.0.0.1:4000/) accepted
   * for SNS signing certificates and subscription confirmations besides Amazon SNS's own host.
   */
  HERALD_SNS_TEST_CERT_URL_PREFIX: endpointUrl,
  /** Who takes payment for mailbox orders: sandbox (default: paid at once) or Stripe Checkout. */
  HERALD_BILLING_PROVIDER: z.enum(["sandbox", "stripe"], { message: "must be sandbox or stripe" }).default("sandbox"),
  HERALD_STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_…) that points at /api/billing/stripe/webhook. */
  HERALD_STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Stripe's API address (a stand-in in tests); Stripe's own when unset. */
  HERALD_STRIPE_API_URL: endpointUrl,
  /** Monthly price of one managed mailbox, in cents of HERALD_BILLING_CURRENCY. */
  HERALD_MAILBOX_PRICE_GOOGLE_CENTS: z.coerce.number().int().min(0, "must be 0 or more").max(100_000, "must be at most 100000").default(700),
  HERALD_MAILBOX_PRICE_MICROSOFT_CENTS: z.coerce.number().int().min(0, "must be 0 or more").max(100_000, "must be at most 100000").default(600),
  /**
   * What 1,000 AI credits cost, in cents of HERALD_BILLING_CURRENCY, when workspace owners may buy
   * them through the billing provider. Unset (the default): credits are not sold, and only instance
   * administrators grant them (docs/company-database.md, "AI credits").
   */
  HERALD_AI_CREDIT_PRICE_CENTS_PER_1000: z.coerce.number().int("must be a whole number of cents").min(1, "must be at least 1").max(10_000_000, "must be at most 10000000").optional(),
  /**
   * Turns on the test control (server/runtime/test-control.ts): Herald's clock becomes one the
   * caller of /api/test-control moves forward, with this token as its bearer. For the browser
   * tests only: refused unless Herald listens on loopback alone (HOST 127.0.0.1, ::1 or localhost)
   * and HERALD_URL, when set, is a loopback address too. At least 32 characters.
   */
  HERALD_TEST_CONTROL_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  HERALD_BILLING_CURRENCY: z.string().trim().toLowerCase().regex(/^[a-z]{3}$/, "must be a three-letter currency code such as usd").default("usd"),
  ...crmEnvFields,
}).superRefine((value, context) => {
  if (value.HERALD_SNS_TEST_CERT_URL_PREFIX && value.NODE_ENV === "production") {
    context.addIssue({ code: "custom", path: ["HERALD_SNS_TEST_CERT_URL_PREFIX"], message: "is for tests only and cannot be set in production: remove it" });
  }
  if (value.HERALD_LINKEDIN_PROVIDER === "unipile") {
    for (const key of ["UNIPILE_DSN", "UNIPILE_API_KEY"] as const) {
      if (!value[key]) context.addIssue({ code: "custom", path: [key], message: "is required when HERALD_LINKEDIN_PROVIDER=unipile" });
    }
  }
  for (const [id, secret] of [
    ["HERALD_GOOGLE_CLIENT_ID", "HERALD_GOOGLE_CLIENT_SECRET"],
    ["HERALD_MICROSOFT_CLIENT_ID", "HERALD_MICROSOFT_CLIENT_SECRET"],
    ...CRM_CLIENT_PAIRS,
  ] as const) {
    if (Boolean(value[id]) !== Boolean(value[secret])) {
      const missing = value[id] ? secret : id;
      context.addIssue({ code: "custom", path: [missing], message: `is required with ${missing === id ? secret : id}` });
    }
  }
  if (Boolean(value.HERALD_SYSTEM_SMTP_SERVER) !== Boolean(value.HERALD_SYSTEM_MAIL_FROM)) {
    const missing = value.HERALD_SYSTEM_SMTP_SERVER ? "HERALD_SYSTEM_MAIL_FROM" : "HERALD_SYSTEM_SMTP_SERVER";
    context.addIssue({ code: "custom", path: [missing], message: `is required with ${missing === "HERALD_SYSTEM_MAIL_FROM" ? "HERALD_SYSTEM_SMTP_SERVER" : "HERALD_SYSTEM_MAIL_FROM"} (the system mailbox)` });
  }
  const required: [boolean, string, readonly (keyof typeof value)[]][] = [
    [value.HERALD_REGISTRAR === "namecom", "HERALD_REGISTRAR=namecom", ["HERALD_NAMECOM_USERNAME", "HERALD_NAMECOM_TOKEN"]],
    [value.HERALD_MAIL_PLATFORM === "microsoft-graph", "HERALD_MAIL_PLATFORM=microsoft-graph", ["HERALD_GRAPH_TENANT_ID", "HERALD_GRAPH_CLIENT_ID", "HERALD_GRAPH_CLIENT_SECRET"]],
    [value.HERALD_BILLING_PROVIDER === "stripe", "HERALD_BILLING_PROVIDER=stripe", ["HERALD_STRIPE_SECRET_KEY", "HERALD_STRIPE_WEBHOOK_SECRET"]],
  ];
  for (const [applies, setting, keys] of required) {
    if (!applies) continue;
    for (const key of keys) if (!value[key]) context.addIssue({ code: "custom", path: [key], message: `is required when ${setting}` });
  }
  if (value.HERALD_AI_PROVIDER === "openai" && !value.HERALD_AI_BASE_URL) {
    context.addIssue({ code: "custom", path: ["HERALD_AI_BASE_URL"], message: "is required when HERALD_AI_PROVIDER=openai" });
  }
  if (value.HERALD_SPEECH_PROVIDER === "elevenlabs" && !value.HERALD_SPEECH_API_KEY) {
    context.addIssue({ code: "custom", path: ["HERALD_SPEECH_API_KEY"], message: "is required when HERALD_SPEECH_PROVIDER=elevenlabs (the API key from your ElevenLabs profile)" });
  }
  // OpenAI itself needs a key; a compatible server of one's own (a base URL) may not.
  if (value.HERALD_SPEECH_PROVIDER === "openai" && !value.HERALD_SPEECH_BASE_URL && !value.HERALD_AI_BASE_URL && !value.HERALD_SPEECH_API_KEY && !value.HERALD_AI_API_KEY) {
    context.addIssue({ code: "custom", path: ["HERALD_SPEECH_API_KEY"], message: "is required when HERALD_SPEECH_PROVIDER=openai (or set HERALD_AI_API_KEY, which speech then shares)" });
  }
  if (value.HERALD_TEST_CONTROL_TOKEN) {
    if (!isLoopbackHost(value.HOST)) {
      context.addIssue({ code: "custom", path: ["HERALD_TEST_CONTROL_TOKEN"], message: `is for the browser tests only and needs HOST=127.0.0.1 (Herald listens on ${value.HOST}): remove it from a real installation` });
    }
    if (value.HERALD_URL && !isLoopbackHost(new URL(value.HERALD_URL).hostname)) {
      context.addIssue({ code: "custom", path: ["HERALD_TEST_CONTROL_TOKEN"], message: "is for the browser tests only and cannot be set with a public HERALD_URL: remove it from a real installation" });
    }
  }
  if (value.HERALD_STORAGE === "s3") {
    for (const key of ["HERALD_S3_ENDPOINT", "HERALD_S3_BUCKET", "HERALD_S3_ACCESS_KEY_ID", "HERALD_S3_SECRET_ACCESS_KEY"] as const) {
      if (!value[key]) context.addIssue({ code: "custom", path: [key], message: "is required when HERALD_STORAGE=s3" });
    }
  }
});

/** Whether a listening host or URL host name reaches this machine alone. */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new EnvError(`Herald cannot start: some environment variables are invalid.\n${lines.join("\n")}`);
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Forgets the parsed environment so the next env() reads process.env again (tests change it). */
export function resetEnv(): void {
  cached = undefined;
}

/** Private webhook targets are allowed when set, and by default only in development and test. */
export function allowPrivateWebhookUrls(): boolean {
  const e = env();
  return e.HERALD_ALLOW_PRIVATE_WEBHOOK_URLS ?? e.NODE_ENV !== "production";
}

/** Files named by URL may come from private addresses when set, and by default only in development and test. */
export function allowPrivateFileUrls(): boolean {
  const e = env();
  return e.HERALD_ALLOW_PRIVATE_FILE_URLS ?? e.NODE_ENV !== "production";
}

/**
 * A mailbox's SMTP and IMAP servers may be at private addresses when set, and by default only in
 * development and test (whose mail servers run on loopback). Off, a workspace member cannot make
 * Herald connect into the network it runs in through a mailbox's host.
 */
export function allowPrivateMailHosts(): boolean {
  const e = env();
  return e.HERALD_ALLOW_PRIVATE_MAIL_HOSTS ?? e.NODE_ENV !== "production";
}

/**
 * The HTTPS check of a tracking domain (https://<host>/t/health, once its CNAME points at Herald) may
 * connect to private addresses when set, and by default only in development and test.
 */
export function allowPrivateTrackingHosts(): boolean {
  const e = env();
  return e.HERALD_ALLOW_PRIVATE_TRACKING_HOSTS ?? e.NODE_ENV !== "production";
}

/**
 * Endpoints whose host does not resolve when saved are kept (with a warning) unless switched off:
 * every delivery resolves and checks the host again, so refusing at save time only guards against
 * typos, and it locked offline installations, and endpoints whose DNS is not live yet, out.
 */
export function allowUnresolvedWebhookHosts(): boolean {
  return env().HERALD_ALLOW_UNRESOLVED_WEBHOOK_HOSTS ?? true;
}

/** The address people use to reach this Herald. */
export function publicUrl(): string {
  const e = env();
  return (e.HERALD_URL ?? process.env.AUTH_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
}

/** The name tracking hosts must be a CNAME of: HERALD_TRACKING_CNAME_TARGET, else the host of HERALD_URL. */
export function trackingCnameTarget(): string {
  return env().HERALD_TRACKING_CNAME_TARGET ?? new URL(publicUrl()).hostname;
}

/** The MAIL FROM of address verification's catch-all probe: HERALD_VERIFICATION_PROBE_FROM, else verify@ the host Herald is reached at. */
export function verificationProbeFrom(): string {
  return env().HERALD_VERIFICATION_PROBE_FROM ?? `verify@${new URL(publicUrl()).hostname}`;
}

/** The monthly price of one managed mailbox on each mail platform, in cents (quotes and renewals). */
export function mailboxMonthlyPrices(): { google: number; microsoft: number } {
  const e = env();
  return { google: e.HERALD_MAILBOX_PRICE_GOOGLE_CENTS, microsoft: e.HERALD_MAILBOX_PRICE_MICROSOFT_CENTS };
}
