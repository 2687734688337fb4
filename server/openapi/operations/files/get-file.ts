import { dataEnvelope } from "../../../schemas/common";
import { ZFileIdParams, ZStoredFile } from "../../../schemas/files";
import { defineOperation } from "../../../http/api-operation";

export const getFileOperation = defineOperation({
  operationId: "getFile",
  method: "get",
  path: "/files/{id}",
  summary: "Get an uploaded file",
  description: "Beyond the spec: an uploaded file with a fresh signed address of its content (`url`, valid until `urlExpiresAt`). Another workspace's file is a 404.",
  tags: ["Files"],
  params: ZFileIdParams,
  response: dataEnvelope(ZStoredFile),
  errors: ["not-found"],
});
