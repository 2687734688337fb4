// POST /api/v1/accounts/{id}/profile-views – view a profile
import { apiRoute } from "@/server/http/api-route";
import { visitProfileOperation } from "@/server/openapi/operations/senders/visit-profile";
import { visitProfile } from "@/server/services/direct-actions/visit-profile";

export const POST = apiRoute(visitProfileOperation, async ({ actor, params, body }) => ({ data: await visitProfile(actor, params.id, body) }));
