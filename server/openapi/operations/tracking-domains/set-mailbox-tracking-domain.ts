import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZMailboxTracking, ZMailboxTrackingInput } from "../../../schemas/tracking-domain";

export const setMailboxTrackingDomainOperation = defineOperation({
  operationId: "setMailboxTrackingDomain",
  method: "put",
  path: "/email-accounts/{id}/tracking-domain",
  summary: "Choose a mailbox's tracking domain",
  description:
    "Admins and owners. `trackingDomainId` names one of the workspace's tracking domains for this mailbox's links instead of its sending domain's (used while verified); null follows the sending domain's again. Answers which host its links use now; `warning` is set when that host is on another domain than the mailbox's address.",
  tags: ["Tracking domains"],
  params: z.object({ id: z.string().min(1).meta({ description: "Mailbox id", example: "mbx_0f6c2d8e9a7b4c3d8e1f2a3b4c5d6e7f" }) }),
  body: ZMailboxTrackingInput,
  response: z.object({ data: ZMailboxTracking }),
  errors: ["not-found", "forbidden"],
});
