import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";
import { ZTrackingDomainIdParams } from "./shared";

export const deleteTrackingDomainOperation = defineOperation({
  operationId: "deleteTrackingDomain",
  method: "delete",
  path: "/tracking-domains/{id}",
  summary: "Remove a tracking domain",
  description: "Admins and owners. New e-mails of its mailboxes link to Herald's address again (a mailbox that picked it follows its own domain's tracking domain); links on the host in e-mails already sent, unsubscribe links included, stop answering (until then they keep working even when checks fail).",
  tags: ["Tracking domains"],
  params: ZTrackingDomainIdParams,
  response: z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) }),
  errors: ["not-found", "forbidden"],
});
