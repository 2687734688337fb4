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
  })
  .meta({ id: "ApiKey" });
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZCreateApiKeyInput = z.object({
  name: z.string().trim().min(1, "is required").max(60, "must be at most 60 characters"),
});
export type TCreateApiKeyInput = z.infer<typeof ZCreateApiKeyInput>;

/** Returned once, at creation: the only time the full key is visible. */
export const ZCreatedApiKey = z.object({ apiKey: ZApiKey, key: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;
