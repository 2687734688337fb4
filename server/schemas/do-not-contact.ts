// The do-not-contact list's shapes (issue 37): its entries and their page, adding entries, the CSV
// import's result, the check of a person, and the sharing setting. Shared by REST, tRPC, OpenAPI and
// the Settings page. Whether a value is of its kind is the domain's rule (entries.ts), applied by
// the services: the domain imports schemas, so schemas name its kinds and reasons by type only.
import { z } from "zod";
import "zod-openapi";
import type { DoNotContactKind, DoNotContactReason } from "../domain/do-not-contact/entries";
import { ZTimestamp } from "./common";

const KINDS = ["email", "domain", "linkedin", "company"] as const;
const REASONS = ["unsubscribed", "complaint", "bounce", "manual", "csv", "api", "erased", "crm"] as const;
// A kind or reason the domain adds or drops and these lists do not fails the typecheck here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const KINDS_MATCH_THE_DOMAIN: Same<(typeof KINDS)[number], DoNotContactKind> = true;
export const REASONS_MATCH_THE_DOMAIN: Same<(typeof REASONS)[number], DoNotContactReason> = true;

export const ZDoNotContactKind = z
  .enum(KINDS, { message: "must be email, domain, linkedin or company" })
  .meta({ id: "DoNotContactKind", description: "What the entry names: an e-mail address, a whole domain, a LinkedIn profile or a company" });
export type TDoNotContactKind = z.infer<typeof ZDoNotContactKind>;

export const ZDoNotContactReason = z.enum(REASONS).meta({
  id: "DoNotContactReason",
  description:
    "Why the entry is listed: `unsubscribed`, `complaint` (marked as spam), `bounce` (a hard bounce) are Herald's own; `manual` (the dashboard), `csv` (an import), `api`; `erased` (a person erased on request: `value` is null, only the hash is kept); `crm` (pulled from a connected CRM's exclusion rules: its note names the CRM)",
});

export const ZDoNotContactEntry = z
  .object({
    id: z.string().meta({ example: "dnc_8kq2m4" }),
    kind: ZDoNotContactKind,
    value: z.string().nullable().meta({ description: "The normalized value (a lower-cased address or domain, a LinkedIn public identifier, a company name in lower case); null for an erased person", example: "acme.com" }),
    reason: ZDoNotContactReason,
    note: z.string().nullable(),
    addedBy: z.string().nullable().meta({ description: "The name (or e-mail address) of the member who added it, null when Herald did (an unsubscribe, a bounce)" }),
    createdAt: ZTimestamp,
  })
  .meta({ id: "DoNotContactEntry" });
export type TDoNotContactEntry = z.infer<typeof ZDoNotContactEntry>;

export const ZListDoNotContactQuery = z
  .object({
    kind: ZDoNotContactKind.optional().meta({ description: "Only entries of this kind" }),
    search: z.string().trim().max(200, "must be at most 200 characters").optional().meta({ description: "Entries whose value starts with this text (compared in lower case)" }),
    limit: z.coerce
      .number({ message: "must be an integer from 1 to 100" })
      .int("must be an integer from 1 to 100")
      .min(1, "must be an integer from 1 to 100")
      .max(100, "must be an integer from 1 to 100")
      .default(50),
    cursor: z.string().trim().min(1, "must not be empty").optional().meta({ description: "`paging.nextCursor` of the previous page" }),
  })
  .meta({ id: "ListDoNotContactQuery" });
export type TListDoNotContactQuery = z.input<typeof ZListDoNotContactQuery>;

export const ZDoNotContactPage = z
  .object({
    data: z.array(ZDoNotContactEntry),
    paging: z.object({ limit: z.number().int(), nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page" }) }),
  })
  .meta({ id: "DoNotContactPage" });
export type TDoNotContactPage = z.infer<typeof ZDoNotContactPage>;

export const ZNewDoNotContactEntry = z
  .object({
    kind: ZDoNotContactKind,
    value: z.string({ message: "must be text" }).trim().min(1, "must not be empty").max(500, "must be at most 500 characters"),
    note: z.string({ message: "must be text" }).trim().max(500, "must be at most 500 characters").optional(),
  })
  .meta({ id: "NewDoNotContactEntry" });
export type TNewDoNotContactEntry = z.infer<typeof ZNewDoNotContactEntry>;

export const MAX_ENTRIES_PER_REQUEST = 1000;

export const ZAddDoNotContactInput = z
  .object({
    entries: z
      .array(ZNewDoNotContactEntry, { message: "must be a list of entries" })
      .min(1, "must hold at least one entry")
      .max(MAX_ENTRIES_PER_REQUEST, `must hold at most ${MAX_ENTRIES_PER_REQUEST} entries`),
  })
  .meta({ id: "AddDoNotContactInput" });
export type TAddDoNotContactInput = z.input<typeof ZAddDoNotContactInput>;

const ZListedValue = z.object({ kind: ZDoNotContactKind, value: z.string() });

export const ZAddDoNotContactResult = z
  .object({
    added: z.array(ZDoNotContactEntry).meta({ description: "The entries put on the list" }),
    alreadyListed: z.array(ZListedValue).meta({ description: "Values that were already on the list (left as they were, with their first reason)" }),
  })
  .meta({ id: "AddDoNotContactResult" });
export type TAddDoNotContactResult = z.infer<typeof ZAddDoNotContactResult>;

export const MAX_IMPORT_ROWS = 100_000;
/** About 100,000 rows of addresses with a note. */
export const MAX_IMPORT_CHARACTERS = 12 * 1024 * 1024;

export const ZImportDoNotContactInput = z
  .object({
    csv: z.string({ message: "must be the CSV file's text" }).min(1, "must not be empty").max(MAX_IMPORT_CHARACTERS, "must be at most 12 MB"),
  })
  .meta({ id: "ImportDoNotContactInput" });
export type TImportDoNotContactInput = z.infer<typeof ZImportDoNotContactInput>;

/** How many of a kind of row are listed in full in an import's result. */
export const MAX_REPORTED_ROWS = 1000;

export const ZImportDoNotContactResult = z
  .object({
    rows: z.number().int().meta({ description: "Rows read below the header" }),
    added: z.number().int().meta({ description: "Entries put on the list" }),
    alreadyListed: z.object({
      count: z.number().int(),
      rows: z.array(z.object({ line: z.number().int(), value: z.string() })).meta({ description: `The first ${MAX_REPORTED_ROWS}, by line` }),
    }),
    refused: z.object({
      count: z.number().int(),
      rows: z.array(z.object({ line: z.number().int(), value: z.string(), reason: z.string() })).meta({ description: `The first ${MAX_REPORTED_ROWS}, by line, each with why in plain words` }),
    }),
  })
  .meta({ id: "ImportDoNotContactResult" });
export type TImportDoNotContactResult = z.infer<typeof ZImportDoNotContactResult>;

export const ZDoNotContactCheckQuery = z
  .object({
    email: z.string().trim().max(320, "must be at most 320 characters").optional().meta({ description: "The person's e-mail address (its domain is checked too)" }),
    linkedinUrl: z.string().trim().max(500, "must be at most 500 characters").optional().meta({ description: "The person's LinkedIn profile URL or public identifier" }),
    company: z.string().trim().max(200, "must be at most 200 characters").optional().meta({ description: "The person's company name" }),
  })
  .refine((query) => Boolean(query.email || query.linkedinUrl || query.company), { message: "give email, linkedinUrl or company", path: ["email"] })
  .meta({ id: "DoNotContactCheckQuery" });
export type TDoNotContactCheckQuery = z.infer<typeof ZDoNotContactCheckQuery>;

export const ZDoNotContactListing = z
  .object({
    kind: ZDoNotContactKind,
    value: z.string().nullable().meta({ description: "The listed value; null for an erased person" }),
    reason: ZDoNotContactReason.nullable().meta({ description: "Why it was listed; null when the entry is another workspace's (its reasons stay its own)" }),
    createdAt: ZTimestamp.nullable().meta({ description: "When it was listed; null when the entry is another workspace's" }),
    shared: z.boolean().meta({ description: "True when the entry is on another sharing workspace's list" }),
  })
  .meta({ id: "DoNotContactListing" });
export type TDoNotContactListing = z.infer<typeof ZDoNotContactListing>;

export const ZDoNotContactCheck = z
  .object({
    listed: z.boolean(),
    entry: ZDoNotContactListing.nullable().meta({ description: "The entry that refuses the person (the narrowest: address, profile, domain, then company)" }),
    refusal: z.string().nullable().meta({ description: "Why Herald takes no step towards the person, in plain words" }),
  })
  .meta({ id: "DoNotContactCheck" });
export type TDoNotContactCheck = z.infer<typeof ZDoNotContactCheck>;

export const ZDoNotContactSharing = z
  .object({ shared: z.boolean({ message: "must be true or false" }) })
  .meta({ id: "DoNotContactSharing", description: "Whether the workspace shares its list with the installation's other sharing workspaces" });
export type TDoNotContactSharing = z.infer<typeof ZDoNotContactSharing>;

export const ZDoNotContactEntryParams = z.object({ id: z.string().trim().min(1, "must not be empty") });
