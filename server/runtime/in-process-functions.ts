// Herald's Inngest functions for the embedded executor, called in this process: the SDK's own serve
// handler (the same one /api/inngest runs, with the same signature check) given each signed request
// directly, so a step costs no socket, no HTTP parsing and no trip through Next's router. With an
// Inngest server configured this is not used: the server calls /api/inngest over HTTP.
import { serve } from "inngest/edge";
import { inngest } from "../../inngest/client";
import { functions } from "../../inngest/functions";
import { inProcessTransport, type FunctionTransport } from "../embedded-inngest/call-function";

/** The URL the SDK is told it is served at; no request leaves the process. */
export const IN_PROCESS_SERVE_URL = "http://herald.in-process/api/inngest";

export function inProcessFunctions(): FunctionTransport {
  return inProcessTransport(serve({ client: inngest, functions }));
}
