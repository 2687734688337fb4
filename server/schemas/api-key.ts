import { z } from "zod";
import { ZTimestamp } from "./common";

export const ZApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: "The key's first characters, to recognise it" }),
    createdBy: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }),
    lastUsedAt: ZTimestamp.nullable(),
    revokedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    agentKey: z.boolean().meta({
      description:
        "Whether the key is an AI agent's: made for one, or used on Herald's MCP endpoint. Its writes wait for approval on any transport when the workspace asks for that, and it may not approve or reject them, turn that off or change key budgets.",
    }),
    /** Writes the key may perform and AI credits its operations may spend (null: no limit), and what it used since budgetResetAt. */
    budget: z.object({
      actions: z.number().int().nullable(),
      actionsUsed: z.number().int(),
      credits: z.number().int().nullable(),
      creditsUsed: z.number().int(),
      resetAt: ZTimestamp.nullable(),
    }),
  })
  .meta({ id: "ApiKey" });
export type TApiKey = z.infer<typeof ZApiKey>;

const budgetField = (what: string) =>
  z
    .number({ message: `must be a whole number of ${what}, or empty for no limit` })
    .int(`must be a whole number of ${what}`)
    .min(0, "must be at least 0")
    .max(100_000_000, "must be at most 100,000,000")
    .nullable()
    .optional();

export const ZCreateApiKeyInput = z.object({
  name: z.string().trim().min(1, "is required").max(60, "must be at most 60 characters"),
  /** Writes the key may perform; null or left out: no limit. */
  actionBudget: budgetField("actions"),
  /** AI credits the key's operations may spend; null or left out: no limit. */
  creditBudget: budgetField("credits"),
  /** Made for an AI agent (docs/agent-approvals.md); a key used on the MCP endpoint becomes one anyway. */
  agentKey: z.boolean({ message: "must be true or false" }).optional(),
});
export type TCreateApiKeyInput = z.infer<typeof ZCreateApiKeyInput>;

/** Returned once, at creation: the only time the full key is visible. */
export const ZCreatedApiKey = z.object({ apiKey: ZApiKey, key: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

export const ZUpdateApiKeyBudgetInput = z.object({
  apiKeyId: z.string().min(1, "is required"),
  actionBudget: budgetField("actions"),
  creditBudget: budgetField("credits"),
  /** Sets the counts of actions and credits used back to zero. */
  reset: z.boolean({ message: "must be true or false" }).optional(),
});
export type TUpdateApiKeyBudgetInput = z.infer<typeof ZUpdateApiKeyBudgetInput>;
