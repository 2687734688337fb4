// The CRM sync's shapes (Settings → Integrations, tRPC `crm`, REST /crm/connections), one each.
// The provider interface (server/providers/crm/types.ts) names the same sets; the type checks below
// fail when one of them changes without the other.
import { z } from "zod";
import type { CrmActivityKind, CrmProviderName } from "../providers/crm/types";
import { ZLeadInput } from "./lead";

const PROVIDERS = ["hubspot", "pipedrive", "salesforce"] as const;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CRM_PROVIDER_NAMES_MATCH: Same<(typeof PROVIDERS)[number], CrmProviderName> = true;

export const ZCrmProviderName = z.enum(PROVIDERS, { message: "must be hubspot, pipedrive or salesforce" }).meta({ description: "The CRM: hubspot, pipedrive or salesforce" });

const HERALD_FIELDS = ["email", "firstName", "lastName", "company", "jobTitle", "headline", "location", "linkedinUrl"] as const;
export const CRM_HERALD_FIELD_WORDS: Record<(typeof HERALD_FIELDS)[number], string> = {
  email: "E-mail",
  firstName: "First name",
  lastName: "Last name",
  company: "Company",
  jobTitle: "Job title",
  headline: "Headline",
  location: "Location",
  linkedinUrl: "LinkedIn URL",
};
export const CRM_HERALD_FIELDS = HERALD_FIELDS;

export const ZCrmFieldMapping = z
  .object({
    herald: z
      .union([z.enum(HERALD_FIELDS), z.templateLiteral(["custom.", z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/)])], {
        message: `must be one of ${HERALD_FIELDS.join(", ")} or custom.<variable name>`,
      })
      .meta({ description: "Herald's lead field, or a custom variable as `custom.<name>`" }),
    crm: z.string().trim().min(1, "must name the CRM's field").max(200, "must be at most 200 characters").meta({ description: "The CRM field's API name" }),
  })
  .meta({ id: "CrmFieldMapping" });
export type TCrmFieldMapping = z.infer<typeof ZCrmFieldMapping>;

export const ZCrmFieldMappingList = z
  .array(ZCrmFieldMapping)
  .max(100, "at most 100 mapped fields")
  .refine((list) => new Set(list.map((entry) => entry.herald)).size === list.length, { message: "maps a Herald field twice" })
  .refine((list) => new Set(list.map((entry) => entry.crm)).size === list.length, { message: "maps two Herald fields to the same CRM field" });

export const ZCrmExclusionRules = z
  .object({
    customers: z.boolean().meta({ description: "Contacts the CRM marks as customers become do-not-contact entries" }),
    owned: z.boolean().meta({ description: "Contacts owned in the CRM by someone other than the user who connected it become do-not-contact entries; contacts Herald itself pushed never do" }),
    listIds: z.array(z.string().trim().min(1).max(200)).max(50, "at most 50 lists").meta({ description: "Members of these CRM lists become do-not-contact entries" }),
  })
  .meta({ id: "CrmExclusionRules" });
export type TCrmExclusionRules = z.infer<typeof ZCrmExclusionRules>;

export const ZCrmDealSettings = z
  .object({
    createDeals: z.boolean().meta({ description: "Create a deal (an opportunity in Salesforce) when a reply is classified interested" }),
    pipelineId: z.string().trim().min(1).max(200).nullable(),
    pipelineName: z.string().trim().max(200).nullable(),
    stageId: z.string().trim().min(1).max(200).nullable(),
    stageName: z.string().trim().max(200).nullable(),
  })
  .meta({ id: "CrmDealSettings" });
export type TCrmDealSettings = z.infer<typeof ZCrmDealSettings>;

export const CRM_STATUSES = ["connected", "revoked", "error", "disconnected"] as const;

export const ZCrmConnection = z
  .object({
    id: z.string().meta({ example: "crm_4f0c2d8e9a7b4c3d8e1f2a3b4c5d6e7f" }),
    provider: ZCrmProviderName,
    label: z.string().meta({ example: "HubSpot" }),
    status: z.enum(CRM_STATUSES).meta({
      description: "`connected`; `revoked`: the CRM refused Herald's access (reconnect); `error`: the last sync failed (see lastError); `disconnected`: someone disconnected it",
    }),
    statusText: z.string().meta({ description: "The status in words, e.g. \"Disconnected — reconnect\"" }),
    account: z.object({ id: z.string(), name: z.string() }),
    scopes: z.array(z.string()),
    fieldMapping: z.array(ZCrmFieldMapping),
    exclusionRules: ZCrmExclusionRules,
    deals: ZCrmDealSettings,
    pushEnabled: z.boolean().meta({ description: "Herald pushes contacted leads and their activity to the CRM" }),
    pullEnabled: z.boolean().meta({ description: "Herald pulls the exclusion rules' contacts into the do-not-contact list" }),
    lastSyncAt: z.iso.datetime().nullable(),
    lastError: z.string().nullable().meta({ description: "The last failure in plain words" }),
    connectedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "CrmConnection" });
export type TCrmConnection = z.infer<typeof ZCrmConnection>;

export const ZCrmIntegration = z.object({
  provider: ZCrmProviderName,
  label: z.string(),
  configured: z.boolean(),
  /** What an administrator sets when the CRM is not configured. */
  setupMessage: z.string().nullable(),
  connection: ZCrmConnection.nullable(),
});
export type TCrmIntegration = z.infer<typeof ZCrmIntegration>;

const unknownField = (issue: { code?: string; keys?: string[] }) =>
  issue.code === "unrecognized_keys" && issue.keys ? `unknown field ${issue.keys.join(", ")}` : undefined;
const trueOrFalse = { error: "must be true or false" };

/** A change of settings: only the fields named here; anything else (a misspelt field) is refused by name. */
export const ZUpdateCrmSettingsInput = z
  .strictObject(
    {
      fieldMapping: ZCrmFieldMappingList.optional(),
      exclusionRules: z
        .strictObject(
          {
            customers: z.boolean(trueOrFalse),
            owned: z.boolean(trueOrFalse),
            listIds: z
              .array(z.string({ error: "must be a list id" }).trim().min(1, "must not be empty").max(200, "must be at most 200 characters"), { error: "must be a list of list ids" })
              .max(50, "at most 50 lists"),
          },
          { error: unknownField },
        )
        .optional(),
      deals: z
        .strictObject(
          {
            createDeals: z.boolean(trueOrFalse),
            pipelineId: z.string({ error: "must be a pipeline id or null" }).trim().min(1, "must not be empty").max(200, "must be at most 200 characters").nullable(),
            pipelineName: z.string({ error: "must be a name or null" }).trim().max(200, "must be at most 200 characters").nullable(),
            stageId: z.string({ error: "must be a stage id or null" }).trim().min(1, "must not be empty").max(200, "must be at most 200 characters").nullable(),
            stageName: z.string({ error: "must be a name or null" }).trim().max(200, "must be at most 200 characters").nullable(),
          },
          { error: unknownField },
        )
        .optional(),
      pushEnabled: z.boolean(trueOrFalse).optional(),
      pullEnabled: z.boolean(trueOrFalse).optional(),
    },
    { error: unknownField },
  )
  .refine((input) => !input.deals?.createDeals || (input.deals.pipelineId && input.deals.stageId), {
    message: "choose the pipeline and stage deals are created in",
    path: ["deals", "stageId"],
  })
  .meta({ id: "UpdateCrmSettingsInput" });
export type TUpdateCrmSettingsInput = z.infer<typeof ZUpdateCrmSettingsInput>;

export const ZCrmSyncLogEntry = z
  .object({
    id: z.string(),
    kind: z.enum(["push", "pull", "import", "connect"]),
    outcome: z.enum(["ok", "error", "skipped"]),
    message: z.string().meta({ description: "What happened, in plain words" }),
    counts: z.record(z.string(), z.number()),
    at: z.iso.datetime(),
  })
  .meta({ id: "CrmSyncLogEntry" });
export type TCrmSyncLogEntry = z.infer<typeof ZCrmSyncLogEntry>;

export const ZCrmField = z.object({ name: z.string(), label: z.string(), type: z.string(), readOnly: z.boolean() });
export const ZCrmPipeline = z.object({ id: z.string(), name: z.string(), stages: z.array(z.object({ id: z.string(), name: z.string() })) });
export const ZCrmList = z.object({ id: z.string(), name: z.string(), size: z.number().nullable() });

export const ZCrmConnectionIdParams = z.object({
  id: z.string().min(1).meta({ description: "CRM connection id", example: "crm_4f0c2d8e9a7b4c3d8e1f2a3b4c5d6e7f" }),
});

export const ZImportCrmListInput = z
  .object({
    crmListId: z.string().trim().min(1, "choose the CRM list to import").max(200),
    crmListName: z.string().trim().max(200).optional(),
    leadListId: z.string().trim().min(1).optional(),
    newLeadListName: z.string().trim().min(1, "name the new lead list").max(200, "must be at most 200 characters").optional(),
  })
  .refine((input) => Boolean(input.leadListId) !== Boolean(input.newLeadListName), {
    message: "choose a lead list or name a new one",
    path: ["leadListId"],
  });
export type TImportCrmListInput = z.infer<typeof ZImportCrmListInput>;

export const ZCrmImportResult = z.object({
  found: z.number().int(),
  added: z.number().int(),
  alreadyThere: z.number().int(),
  doNotContact: z.number().int(),
  skipped: z.number().int(),
  leadListId: z.string(),
  message: z.string(),
});
export type TCrmImportResult = z.infer<typeof ZCrmImportResult>;

/** The activity kinds in words (the sync log, the docs). */
export const CRM_ACTIVITY_WORDS: Record<CrmActivityKind, string> = {
  invited: "connection request sent",
  connected: "connection accepted",
  messaged: "LinkedIn message sent",
  emailed: "e-mail sent",
  replied: "reply received",
  bounced: "e-mail bounced",
  unsubscribed: "unsubscribed",
};

/** A CRM contact as a lead to add: the same rules as any lead input (an e-mail or a LinkedIn profile). */
export const ZLeadInputForImport = ZLeadInput;
