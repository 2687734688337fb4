import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";

export const getOpenApiDocumentOperation = defineOperation({
  operationId: "getOpenApiDocument",
  method: "get",
  path: "/openapi.json",
  summary: "This API's OpenAPI 3.1 description",
  description: "Public: no API key needed.",
  tags: ["Meta"],
  response: z.record(z.string(), z.unknown()).meta({ description: "An OpenAPI 3.1 document" }),
  authenticated: false,
});
