// GET /api/v1/files/{id} – an uploaded file with a fresh signed address of its content
import { apiRoute } from "@/server/http/api-route";
import { getFileOperation } from "@/server/openapi/operations/files/get-file";
import { getFile } from "@/server/services/files/get-file";

export const GET = apiRoute(getFileOperation, async ({ actor, params }) => ({ data: await getFile(actor, params.id) }));
