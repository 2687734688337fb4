import { z } from "zod";

export const ZLeadListIdParams = z.object({
  id: z.string().min(1).meta({ description: "Lead list id", example: "lst_1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e" }),
});

export const ZLeadListLeadParams = ZLeadListIdParams.extend({
  leadId: z.string().min(1).meta({ description: "Lead id", example: "led_1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e" }),
});
