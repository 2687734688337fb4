import { z } from "zod";

export const ZMailboxIdParams = z.object({
  id: z.string().min(1).meta({ description: "Mailbox id", example: "mbx_7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f" }),
});
