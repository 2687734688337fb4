// The privacy duties' shapes (issue 37, point 3; docs/privacy.md): who a request is about (an e-mail
// address or a LinkedIn profile), what an erasure removed, and the export of everything held about a
// person. One schema per shape, for REST, tRPC and the OpenAPI document.
import { z } from "zod";
import { ZTimestamp } from "./common";

/** The campaign notice line's suggested wording and its longest (server/domain/privacy/source-notice.ts renders it). */
export const SOURCE_NOTICE_SUGGESTION = "You're receiving this because your work address is listed in {{dataSource}}.";
export const SOURCE_NOTICE_MAX_LENGTH = 500;

/** Who a privacy request is about: exactly one of an e-mail address and a LinkedIn profile URL. */
export const ZPersonKey = z
  .object({
    email: z.string().trim().email("must be an e-mail address such as jane@example.com").max(320).optional().meta({
      description: "The person's e-mail address (matched without regard to case)",
      example: "jane.doe@example.com",
    }),
    linkedinUrl: z.string().trim().min(3).max(2000).optional().meta({
      description: "The person's LinkedIn profile URL, or its public identifier",
      example: "https://www.linkedin.com/in/jane-doe",
    }),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.linkedinUrl) ctx.addIssue({ code: "custom", path: ["email"], message: "give the person's e-mail address or their LinkedIn profile URL" });
    if (value.email && value.linkedinUrl) ctx.addIssue({ code: "custom", path: ["linkedinUrl"], message: "give either the e-mail address or the LinkedIn profile URL, not both" });
  })
  .meta({ id: "PersonKey" });
export type TPersonKey = z.infer<typeof ZPersonKey>;

export const ZErasedCounts = z
  .object({
    leads: z.number().int(),
    campaignParticipations: z.number().int().meta({ description: "Campaign leads (with their journal, tasks and drafts)" }),
    linkedinMessages: z.number().int(),
    emailMessages: z.number().int(),
    conversations: z.number().int(),
    senderActions: z.number().int(),
    addressVerifications: z.number().int(),
    deadAddresses: z.number().int(),
    events: z.number().int().meta({ description: "Outbox events and webhook deliveries naming the person" }),
    companyDatabasePeople: z.number().int(),
    files: z.number().int(),
    doNotContactEntries: z.number().int().meta({ description: "Hash-only entries now on the list (one per key)" }),
  })
  .meta({ id: "ErasedCounts" });

export const ZErasePersonResult = z
  .object({
    found: z.boolean().meta({ description: "Whether Herald held anything about the person" }),
    removed: ZErasedCounts,
    summary: z.string().meta({ description: "What was removed, in words", example: "Removed 1 lead, 3 e-mail messages and 1 conversation; the person is kept off future imports." }),
  })
  .meta({ id: "ErasePersonResult" });
export type TErasePersonResult = z.infer<typeof ZErasePersonResult>;

const ZRecord = z.record(z.string(), z.unknown());

export const ZPersonExport = z
  .object({
    exportedAt: ZTimestamp,
    about: z.object({ email: z.string().nullable(), linkedinUrl: z.string().nullable() }),
    leads: z.array(
      z.object({
        lead: ZRecord.meta({ description: "The lead as stored: name, job, company, address, profile, notes, tags, custom fields" }),
        provenance: z.object({ source: z.string(), sourceDetail: z.string().nullable(), addedAt: ZTimestamp }),
        campaigns: z.array(
          z.object({
            campaign: z.object({ id: z.string(), name: z.string() }),
            participation: ZRecord.meta({ description: "The campaign lead: status, dates, outcome" }),
            steps: z.array(ZRecord).meta({ description: "The campaign's journal for this person" }),
          }),
        ),
        linkedinMessages: z.array(ZRecord),
        emailMessages: z.array(ZRecord),
        conversations: z.array(ZRecord),
        senderActions: z.array(ZRecord),
        listEntries: z.array(z.object({ list: z.string(), addedAt: ZTimestamp })),
      }),
    ),
    unmatchedEmailMessages: z.array(ZRecord).meta({ description: "E-mails to or from the address that belong to no lead (or to a lead since deleted)" }),
    addressVerification: ZRecord.nullable(),
    deadAddress: ZRecord.nullable(),
    doNotContactEntries: z.array(ZRecord),
    companyDatabasePeople: z.array(ZRecord),
  })
  .meta({ id: "PersonExport" });
export type TPersonExport = z.infer<typeof ZPersonExport>;
