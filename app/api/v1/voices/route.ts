// GET /api/v1/voices – the voices AI voice notes can be spoken in
import { apiRoute } from "@/server/http/api-route";
import { listVoicesOperation } from "@/server/openapi/operations/senders/list-voices";
import { listSpeechVoices } from "@/server/services/senders/list-speech-voices";

export const GET = apiRoute(listVoicesOperation, async ({ actor }) => ({ data: await listSpeechVoices(actor) }));
