import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZMailboxTracking } from "../../../schemas/tracking-domain";

export const getMailboxTrackingDomainOperation = defineOperation({
  operationId: "getMailboxTrackingDomain",
  method: "get",
  path: "/email-accounts/{id}/tracking-domain",
  summary: "Where a mailbox's tracking links point",
  description:
    "The host this mailbox's open pixel, click and unsubscribe links use now: its own pick of the workspace's tracking domains when verified (`source: mailbox`), else its sending domain's when verified (`domain`), else Herald's address (`herald`). `warning` is set when that host is on another domain than the mailbox's address, with the fix in words.",
  tags: ["Tracking domains"],
  params: z.object({ id: z.string().min(1).meta({ description: "Mailbox id", example: "mbx_0f6c2d8e9a7b4c3d8e1f2a3b4c5d6e7f" }) }),
  response: z.object({ data: ZMailboxTracking }),
  errors: ["not-found"],
});
