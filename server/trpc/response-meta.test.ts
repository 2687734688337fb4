import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { HeraldError } from "../lib/errors";
import { trpcResponseMeta } from "./response-meta";

describe("trpcResponseMeta", () => {
  it("sends Retry-After for a procedure refused for going too fast, the longest wait of a batch", () => {
    const refused = (seconds: number) =>
      new TRPCError({
        code: "TOO_MANY_REQUESTS",
        message: "Too many attempts",
        cause: new HeraldError({ code: "rate-limited", message: "Too many attempts", retryAfterSeconds: seconds }),
      });
    expect(trpcResponseMeta({ errors: [refused(120)] })).toEqual({ headers: { "retry-after": "120" } });
    expect(trpcResponseMeta({ errors: [refused(30), refused(900)] })).toEqual({ headers: { "retry-after": "900" } });
  });

  it("adds nothing to other answers", () => {
    expect(trpcResponseMeta({ errors: [] })).toEqual({});
    expect(trpcResponseMeta({ errors: [new TRPCError({ code: "BAD_REQUEST", cause: HeraldError.invalidInput("Invalid name") })] })).toEqual({});
  });
});
