// GET /api/v1/accounts/{id}/checkpoint – the pending verification step
// POST /api/v1/accounts/{id}/checkpoint – answer it
import { apiRoute } from "@/server/http/api-route";
import { answerSenderCheckpointOperation } from "@/server/openapi/operations/senders/answer-sender-checkpoint";
import { getSenderCheckpointOperation } from "@/server/openapi/operations/senders/get-sender-checkpoint";
import { toCheckpointState } from "@/server/schemas/sender";
import { answerSenderCheckpoint } from "@/server/services/senders/answer-sender-checkpoint";
import { getSenderCheckpoint } from "@/server/services/senders/get-sender-checkpoint";

export const GET = apiRoute(getSenderCheckpointOperation, async ({ actor, params }) => toCheckpointState(await getSenderCheckpoint(actor, params.id)));

export const POST = apiRoute(answerSenderCheckpointOperation, async ({ actor, params, body }) =>
  toCheckpointState(await answerSenderCheckpoint(actor, params.id, body)),
);
