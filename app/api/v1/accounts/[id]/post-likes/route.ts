// POST /api/v1/accounts/{id}/post-likes – like the member's latest post
import { apiRoute } from "@/server/http/api-route";
import { likeLatestPostOperation } from "@/server/openapi/operations/senders/like-latest-post";
import { likeLatestPost } from "@/server/services/direct-actions/like-latest-post";

export const POST = apiRoute(likeLatestPostOperation, async ({ actor, params, body }) => ({ data: await likeLatestPost(actor, params.id, body) }));
