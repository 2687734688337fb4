// POST /api/v1/files – upload a file (a voice note recording or an attachment) for sequence steps to name by fileId
import { apiRoute } from "@/server/http/api-route";
import { uploadFileOperation } from "@/server/openapi/operations/files/upload-file";
import { uploadFile } from "@/server/services/files/upload-file";

export const POST = apiRoute(uploadFileOperation, async ({ actor, body }) => ({ data: await uploadFile(actor, body) }));
