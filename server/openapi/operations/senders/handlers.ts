// The handlers of the senders operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { toCheckpointState, toConnectSenderResult } from "../../../schemas/sender";
import { likeLatestPost } from "../../../services/direct-actions/like-latest-post";
import { sendConnectionRequest } from "../../../services/direct-actions/send-connection-request";
import { visitProfile } from "../../../services/direct-actions/visit-profile";
import { answerSenderCheckpoint } from "../../../services/senders/answer-sender-checkpoint";
import { connectSender } from "../../../services/senders/connect-sender";
import { createSenderHostedLink } from "../../../services/senders/create-sender-hosted-link";
import { disconnectSender } from "../../../services/senders/disconnect-sender";
import { getSender } from "../../../services/senders/get-sender";
import { getSenderCheckpoint } from "../../../services/senders/get-sender-checkpoint";
import { getSenderHostedLink } from "../../../services/senders/get-sender-hosted-link";
import { listSenders } from "../../../services/senders/list-senders";
import { listSpeechVoices } from "../../../services/senders/list-speech-voices";
import { pauseSender } from "../../../services/senders/pause-sender";
import { reconnectSender } from "../../../services/senders/reconnect-sender";
import { resumeSender } from "../../../services/senders/resume-sender";
import { updateSender } from "../../../services/senders/update-sender";
import { answerSenderCheckpointOperation } from "./answer-sender-checkpoint";
import { connectSenderOperation } from "./connect-sender";
import { createSenderHostedLinkOperation } from "./create-sender-hosted-link";
import { disconnectSenderOperation } from "./disconnect-sender";
import { getSenderOperation } from "./get-sender";
import { getSenderCheckpointOperation } from "./get-sender-checkpoint";
import { getSenderHostedLinkOperation } from "./get-sender-hosted-link";
import { likeLatestPostOperation } from "./like-latest-post";
import { listSendersOperation } from "./list-senders";
import { listVoicesOperation } from "./list-voices";
import { pauseSenderOperation } from "./pause-sender";
import { reconnectSenderOperation } from "./reconnect-sender";
import { resumeSenderOperation } from "./resume-sender";
import { sendConnectionRequestOperation } from "./send-connection-request";
import { updateSenderOperation } from "./update-sender";
import { visitProfileOperation } from "./visit-profile";

export const sendersHandlers = [
  // GET /api/v1/accounts – list senders
  apiHandler(listSendersOperation, async ({ actor, query }) => {
    const { senders, total } = await listSenders(actor, query);
    return { data: senders, paging: { limit: query.limit, offset: query.offset, total } };
  }),
  // POST /api/v1/accounts – connect a LinkedIn sender
  apiHandler(connectSenderOperation, async ({ actor, body }) => toConnectSenderResult(await connectSender(actor, body, { via: "api" }))),
  // GET /api/v1/accounts/{id} – get a sender
  apiHandler(getSenderOperation, async ({ actor, params }) => ({ data: await getSender(actor, params.id) })),
  // PATCH /api/v1/accounts/{id} – rename it, set its timezone, voice or caps
  apiHandler(updateSenderOperation, async ({ actor, params, body }) => ({ data: await updateSender(actor, params.id, body) })),
  // DELETE /api/v1/accounts/{id} – disconnect it
  apiHandler(disconnectSenderOperation, async ({ actor, params }) => ({ data: await disconnectSender(actor, params.id) })),
  // GET /api/v1/accounts/{id}/checkpoint – the pending verification step
  apiHandler(getSenderCheckpointOperation, async ({ actor, params }) => toCheckpointState(await getSenderCheckpoint(actor, params.id))),
  // POST /api/v1/accounts/{id}/checkpoint – answer it
  apiHandler(answerSenderCheckpointOperation, async ({ actor, params, body }) =>
    toCheckpointState(await answerSenderCheckpoint(actor, params.id, body)),
  ),
  // POST /api/v1/accounts/{id}/connections – send a connection request
  apiHandler(sendConnectionRequestOperation, async ({ actor, params, body }) => ({
    data: await sendConnectionRequest(actor, params.id, body),
  })),
  // POST /api/v1/accounts/{id}/pause – pause a sender
  apiHandler(pauseSenderOperation, async ({ actor, params }) => ({ data: await pauseSender(actor, params.id) })),
  // POST /api/v1/accounts/{id}/post-likes – like the member's latest post
  apiHandler(likeLatestPostOperation, async ({ actor, params, body }) => ({ data: await likeLatestPost(actor, params.id, body) })),
  // POST /api/v1/accounts/{id}/profile-views – view a profile
  apiHandler(visitProfileOperation, async ({ actor, params, body }) => ({ data: await visitProfile(actor, params.id, body) })),
  // POST /api/v1/accounts/{id}/reconnect – repair a sender's session
  apiHandler(reconnectSenderOperation, async ({ actor, params, body }) =>
    toConnectSenderResult(await reconnectSender(actor, params.id, body)),
  ),
  // POST /api/v1/accounts/{id}/resume – resume a paused sender
  apiHandler(resumeSenderOperation, async ({ actor, params }) => ({ data: await resumeSender(actor, params.id) })),
  // POST /api/v1/accounts/hosted-link – create a hosted connect link
  apiHandler(createSenderHostedLinkOperation, async ({ actor, body }) => ({ data: await createSenderHostedLink(actor, body) })),
  // GET /api/v1/accounts/hosted-link/{id} – read a hosted connect link's status
  apiHandler(getSenderHostedLinkOperation, async ({ actor, params }) => ({ data: await getSenderHostedLink(actor, params.id) })),
  // GET /api/v1/voices – the voices AI voice notes can be spoken in
  apiHandler(listVoicesOperation, async ({ actor }) => ({ data: await listSpeechVoices(actor) })),
];
