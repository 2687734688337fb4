import { z } from "zod";
import { dataEnvelope } from "../../../schemas/common";
import { ZLeadImport } from "../../../schemas/lead";
import { defineOperation } from "../../../http/api-operation";

export const getLeadImportOperation = defineOperation({
  operationId: "getLeadImport",
  method: "get",
  path: "/lead-imports/{id}",
  summary: "Get an import's progress",
  tags: ["Lead imports"],
  params: z.object({ id: z.string().min(1).meta({ description: "Import id", example: "imp_1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e" }) }),
  response: dataEnvelope(ZLeadImport),
  errors: ["not-found"],
});
