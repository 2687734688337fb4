import { z } from "zod";
import { ZTimestamp } from "./common";

export const ZActionType = z.enum(["invitation", "profile_view", "post_like", "message", "inmail", "comment", "voice_note", "follow"]);
export type TActionType = z.infer<typeof ZActionType>;
export const ZActionStatus = z.enum(["sending", "pending", "accepted", "withdrawn", "done", "failed"]);

export const ZDirectAction = z
  .object({
    id: z.string(),
    accountId: z.string(),
    leadId: z.string(),
    type: ZActionType.meta({ description: "invitation, profile_view or post_like for direct actions" }),
    status: ZActionStatus.meta({
      description:
        "invitation: pending (sent, awaiting an answer), accepted, withdrawn or failed; profile_view and post_like: done or failed. `sending` only while the request is in flight.",
    }),
    profileUrl: z.string().nullable(),
    publicIdentifier: z.string().nullable(),
    postUrl: z.string().nullable(),
    note: z.string().nullable().meta({ description: "The invitation note as sent (null for free senders, who send without a note)" }),
    error: z.string().nullable(),
    sentAt: ZTimestamp.nullable(),
    acceptedAt: ZTimestamp.nullable(),
    withdrawnAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
  })
  .meta({ id: "DirectAction" });
export type TDirectAction = z.infer<typeof ZDirectAction>;

export const ZProfileUrl = z
  .string()
  .trim()
  .min(1, "is required")
  .max(500)
  .refine((value) => /linkedin\.com\/in\/[^/?#]+/i.test(value), "must be a LinkedIn profile URL such as https://www.linkedin.com/in/jane-doe");

export const ZDirectActionInput = z.object({ profileUrl: ZProfileUrl });
export type TDirectActionInput = z.infer<typeof ZDirectActionInput>;

export const ZConnectionRequestInput = z.object({
  profileUrl: ZProfileUrl,
  note: z.string().max(300, "must be at most 300 characters").optional().meta({ description: "Premium senders only; at most 300 characters" }),
});

export type TConnectionRequestInput = z.infer<typeof ZConnectionRequestInput>;
