import { z } from "zod";

export const ZConversationIdParams = z.object({
  id: z.string().min(1).meta({ description: "Conversation id", example: "cnv_1f2e3d4c5b6a79880716253443526170" }),
});

export const BEYOND_THE_SPEC = "Beyond the spec: Herald's unified inbox, the conversations of the workspace's senders (LinkedIn) and mailboxes (e-mail) with leads.";
