// ANY /api/v1/* – unknown endpoints answer with the API's error body instead of an HTML page
import { HeraldError, toErrorBody } from "@/server/lib/errors";

function notFound(request: Request): Response {
  const { pathname } = new URL(request.url);
  const { status, body } = toErrorBody(
    new HeraldError({ code: "not-found", message: `No endpoint ${request.method} ${pathname}. See /api/v1/openapi.json.` }),
  );
  return Response.json(body, { status });
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
