import { dataEnvelope } from "../../../schemas/common";
import { ZCreatedHostedLink, ZCreateHostedLinkInput } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";

export const createSenderHostedLinkOperation = defineOperation({
  operationId: "createSenderHostedLink",
  method: "post",
  path: "/accounts/hosted-link",
  summary: "Create a hosted connect link",
  description:
    "A page where a person signs in to LinkedIn themselves (answering any verification step there), so the password never passes through the API caller. With `reconnectAccountId` the page repairs that sender. `url` is returned only here; `GET /accounts/hosted-link/{id}` reads the status (`pending`, `connected` with `accountId`, `failed` when the person cancelled, `expired`).",
  tags: ["Senders"],
  body: ZCreateHostedLinkInput,
  response: dataEnvelope(ZCreatedHostedLink),
  successStatus: 201,
  errors: ["not-found"],
  acceptsWorkspaceHeader: true,
});
