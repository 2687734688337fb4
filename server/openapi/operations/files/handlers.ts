// The handlers of the files operations: what each answers, beside its operation in this folder.
// Listed in server/openapi/registry.ts, wrapped by server/http/api-handler.ts (authentication,
// validation, idempotency, errors). Kept apart from the operation files, which the OpenAPI document
// and the dashboard's API reference import without the services.
import { apiHandler } from "../../../http/api-handler";
import { getFile } from "../../../services/files/get-file";
import { uploadFile } from "../../../services/files/upload-file";
import { getFileOperation } from "./get-file";
import { uploadFileOperation } from "./upload-file";

export const filesHandlers = [
  // POST /api/v1/files – upload a file (a voice note recording or an attachment) for sequence steps to name by fileId
  apiHandler(uploadFileOperation, async ({ actor, body }) => ({ data: await uploadFile(actor, body) })),
  // GET /api/v1/files/{id} – an uploaded file with a fresh signed address of its content
  apiHandler(getFileOperation, async ({ actor, params }) => ({ data: await getFile(actor, params.id) })),
];
