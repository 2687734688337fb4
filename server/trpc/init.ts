// tRPC for the dashboard: transport only. Procedures validate input, call a service, and the
// HeraldError a service throws is translated here, once.
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import { getSessionActor, getSessionUserId } from "../auth/dashboard-session";
import { requestClientAddress, UNKNOWN_CLIENT } from "../http/client-address";
import { refuseNulCharacters } from "../http/nul-characters";
import { APPROVER_DENIED_MESSAGE, approverMayCall } from "../lib/approver-access";
import { isHeraldError, type FieldIssue } from "../lib/errors";
import { logger } from "../lib/logger";
import { fieldIssues } from "../lib/zod-issues";

export async function createTRPCContext(options?: { req: Request; resHeaders?: Headers }) {
  return {
    userId: await getSessionUserId(),
    /** The answer's headers, for the few procedures that set a cookie (CRM Connect). */
    resHeaders: options?.resHeaders ?? null,
    /** For the per-address limits of the procedures that check passwords. */
    clientAddress: options ? requestClientAddress(options.req.headers) : UNKNOWN_CLIENT,
  };
}
// Callers made in tests need not give the answer's headers.
type Context = Omit<Awaited<ReturnType<typeof createTRPCContext>>, "resHeaders"> & { resHeaders?: Headers | null };

const trpcCode = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
} as const;

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const herald = isHeraldError(cause) ? cause : undefined;
    const fields = cause instanceof ZodError ? fieldIssues(cause) : ((herald?.details?.fields as FieldIssue[] | undefined) ?? null);
    return {
      ...shape,
      message: herald || error.code !== "INTERNAL_SERVER_ERROR" ? shape.message : "Something went wrong on our side; try again.",
      data: {
        ...shape.data,
        stack: undefined,
        heraldCode: herald?.code ?? null,
        fields,
        // What REST puts in its error body too: the dashboard shows a refused warmup strategy's
        // problems beside their fields (`details.errors`) and when a refused test may be retried.
        details: herald?.details ?? null,
        retryAfterSeconds: herald?.retryAfterSeconds ?? null,
      },
    };
  },
});

const translateErrors = t.middleware(async ({ next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (isHeraldError(cause)) {
      const code = trpcCode[cause.status as keyof typeof trpcCode] ?? "INTERNAL_SERVER_ERROR";
      throw new TRPCError({ code, message: cause.message, cause });
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR") logger.error("tRPC procedure failed", { path, error: cause ?? result.error });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** As the REST edge does (server/http/nul-characters.ts): a NUL in any input is a 400 naming its field, never a database error. */
const refuseNul = t.middleware(async ({ getRawInput, next }) => {
  // Named as its own fields (`orderId`, `changes.label`), as a path or query would be.
  refuseNulCharacters({ params: await getRawInput() });
  return next();
});

export const publicProcedure = t.procedure.use(translateErrors).use(refuseNul);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.userId) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first." });
  return next({ ctx: { ...ctx, userId: ctx.userId } });
});

/**
 * A procedure acting in the user's active workspace. The role is read on every call, so a member
 * made approver loses the rest at their next request.
 */
export const workspaceProcedure = protectedProcedure.use(async ({ ctx, next, path }) => {
  const actor = await getSessionActor(ctx.userId);
  if (!actor) throw new TRPCError({ code: "FORBIDDEN", message: "You do not belong to any workspace yet." });
  if (actor.role === "approver" && !approverMayCall(path)) throw new TRPCError({ code: "FORBIDDEN", message: APPROVER_DENIED_MESSAGE });
  return next({ ctx: { ...ctx, actor } });
});
