// Leads, lead lists and lead imports: the API's shapes, shared by REST, tRPC, OpenAPI and events.
import { z } from "zod";
import { ZPaginationQuery, ZTimestamp } from "./common";

/**
 * The spec's unsubscribe rule: "every lead of the workspace with that address gets `emailOptOut`
 * true". The lead and campaign lead resources both carry it, so that an API consumer can read and
 * audit opt-outs without having caught the email.unsubscribed event.
 */
export const ZEmailOptOut = z.boolean().meta({
  description:
    "The lead's e-mail address opted out: someone with it unsubscribed through a campaign e-mail's link (page or one-click) or reported a campaign e-mail as spam. Every lead of the workspace with that address gets it; e-mail steps and inbox replies skip it. Never cleared by Herald",
});
export const ZEmailOptOutAt = ZTimestamp.nullable().meta({ description: "When the address opted out (see emailOptOut); null while it has not" });

/** The full lead object (lead.imported carries it). */
export const ZLead = z
  .object({
    id: z.string().meta({ example: "led_1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e" }),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    headline: z.string().nullable(),
    jobTitle: z.string().nullable(),
    company: z.string().nullable(),
    email: z.string().nullable(),
    location: z.string().nullable(),
    picture: z.string().nullable(),
    notes: z.string().nullable(),
    profileUrl: z.string().nullable(),
    publicIdentifier: z.string().nullable(),
    openProfile: z.boolean(),
    emailOptOut: ZEmailOptOut,
    emailOptOutAt: ZEmailOptOutAt,
    tags: z.array(z.string()),
    autoTags: z.array(z.string()).meta({ description: "Tags Herald derives: `premium`, `open-profile`" }),
    listIds: z.array(z.string()),
    campaignIds: z.array(z.string()),
    customVariables: z.record(z.string(), z.string()),
    source: z.string().meta({
      description: "How the lead arrived: api, dashboard, csv, linkedin-search, direct-action, campaign, company-database (added from a company-database search)",
    }),
    sourceDetail: z.string().nullable().meta({
      description:
        "Where within its source the lead came from, in words: the CSV file's name, the LinkedIn search's URL, the API key's name, \"added by <member>\" (null when not known). With createdAt, the lead's provenance (docs/privacy.md)",
      example: "leads.csv",
    }),
    lastActivityAt: ZTimestamp.nullable(),
    enrichedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "Lead" });
export type TLead = z.infer<typeof ZLead>;

const ZVariableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "variable names are letters, digits and _ and start with a letter or _");

/** One lead to add, by LinkedIn profile URL and/or e-mail. */
export const ZLeadInput = z
  .object({
    profileUrl: z
      .string()
      .trim()
      .max(500)
      .refine((value) => /linkedin\.com\/in\/[^/?#]+/i.test(value), "must be a LinkedIn profile URL such as https://www.linkedin.com/in/jane-doe")
      .optional(),
    email: z.string().trim().toLowerCase().pipe(z.email("must be a valid e-mail address")).optional(),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    company: z.string().trim().max(200).optional(),
    customVariables: z.record(ZVariableName, z.string().max(2000, "must be at most 2000 characters")).optional(),
  })
  .refine((lead) => lead.profileUrl !== undefined || lead.email !== undefined, { message: "needs profileUrl or email", path: ["profileUrl"] })
  .meta({ id: "LeadInput" });
export type TLeadInput = z.infer<typeof ZLeadInput>;

export const ZLeadsInput = z
  .object({ leads: z.array(ZLeadInput).min(1, "send at least one lead").max(1000, "at most 1000 leads per request") })
  .meta({ id: "LeadsInput" });
export type TLeadsInput = z.infer<typeof ZLeadsInput>;

export const SKIP_REASONS = ["duplicate", "already-in-campaign", "already-in-list", "excluded-list", "contacted-by-other-sender"] as const;

export const ZSkippedLead = z.object({
  index: z.number().int().meta({ description: "Position in the request's `leads`" }),
  profileUrl: z.string().nullable(),
  email: z.string().nullable(),
  reason: z.enum(SKIP_REASONS).meta({
    description:
      "`duplicate`: the same person appears earlier in the request; `already-in-campaign` / `already-in-list`: added before; `excluded-list`: on one of the campaign's exclusion lists; `contacted-by-other-sender`: with excludeOtherSenders, a sender outside the campaign's pool already contacted the lead",
  }),
  message: z.string(),
});
export type TSkippedLead = z.infer<typeof ZSkippedLead>;

export const ZAddLeadsResult = z
  .object({
    added: z.number().int(),
    leadIds: z.array(z.string()).meta({ description: "The leads added, in request order" }),
    skipped: z.array(ZSkippedLead),
  })
  .meta({ id: "AddLeadsResult" });
export type TAddLeadsResult = z.infer<typeof ZAddLeadsResult>;

export const ZLeadList = z
  .object({
    id: z.string().meta({ example: "lst_1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e" }),
    name: z.string(),
    leadCount: z.number().int(),
    campaignIds: z.array(z.string()).meta({ description: "Campaigns that use the list as their list (listId)" }),
    excludedByCampaignIds: z.array(z.string()).meta({ description: "Campaigns that exclude the list (excludeListIds)" }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "LeadList" });
export type TLeadList = z.infer<typeof ZLeadList>;

export const ZCreateLeadListInput = z.object({
  name: z.string().trim().min(1, "is required").max(120, "must be at most 120 characters"),
});
export type TCreateLeadListInput = z.infer<typeof ZCreateLeadListInput>;
export const ZUpdateLeadListInput = ZCreateLeadListInput;
export type TUpdateLeadListInput = z.infer<typeof ZUpdateLeadListInput>;

export const ZLeadImportStatus = z.enum(["running", "done", "failed"]);

export const ZLeadImport = z
  .object({
    id: z.string().meta({ example: "imp_1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e" }),
    source: z.enum(["linkedin-search"]),
    status: ZLeadImportStatus,
    searchUrl: z.string(),
    linkedinAccountId: z.string().meta({ description: "The sender whose LinkedIn session runs the search" }),
    listId: z.string().nullable(),
    campaignId: z.string().nullable(),
    maxLeads: z.number().int(),
    found: z.number().int().meta({ description: "People read from the search so far" }),
    created: z.number().int().meta({ description: "New leads (each fired lead.imported)" }),
    refreshed: z.number().int().meta({ description: "Leads Herald already had, refreshed from their profile" }),
    added: z.number().int().meta({ description: "People added to the campaign (or, without a campaign, to the list)" }),
    alreadyThere: z.number().int().meta({ description: "People already in the campaign (or the list)" }),
    excluded: z.number().int().meta({ description: "People the campaign's exclusions kept out (exclusion lists, contacted by another sender)" }),
    error: z.string().nullable(),
    createdAt: ZTimestamp,
    finishedAt: ZTimestamp.nullable(),
  })
  .meta({ id: "LeadImport" });
export type TLeadImport = z.infer<typeof ZLeadImport>;

export const ZStartLeadImportInput = z
  .object({
    searchUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((value) => {
        try {
          const url = new URL(value);
          return /(^|\.)linkedin\.com$/i.test(url.hostname) && /^\/(search\/results\/people|sales\/search\/people)/.test(url.pathname);
        } catch {
          return false;
        }
      }, "must be a LinkedIn people search URL such as https://www.linkedin.com/search/results/people/?keywords=cto"),
    linkedinAccountId: z.string().min(1, "is required"),
    listId: z.string().min(1).optional().meta({ description: "Add the imported leads to this list" }),
    campaignId: z.string().min(1).optional().meta({ description: "Add the imported leads to this campaign" }),
    maxLeads: z.number().int().min(1, "must be at least 1").max(2500, "must be at most 2500").default(100),
  })
  .meta({ id: "StartLeadImportInput" });
export type TStartLeadImportInput = z.infer<typeof ZStartLeadImportInput>;

export const ZListLeadListEntriesQuery = ZPaginationQuery;
