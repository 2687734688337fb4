// The sandbox's captcha page calls sandbox.solveCaptcha without a session (anyone holding the
// sign-in's id solves it, like LinkedIn's page). An unknown id made the provider's error escape as
// an internal error: 500. It is a 404, and a sign-in with nothing to solve is the provider's 4xx.
import { describe, expect, it, vi } from "vitest";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import { db } from "../db/client";
import { now } from "../lib/clock";

vi.mock("../auth/dashboard-session", () => ({ getSessionUserId: async () => null, getSessionActor: async () => null }));

async function solveCaptcha(sessionId: unknown) {
  const response = await trpcRoute.POST(
    new Request("http://herald.test/api/trpc/sandbox.solveCaptcha", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: { sessionId } }),
    }),
  );
  return { status: response.status, body: await response.json() };
}

describe("sandbox.solveCaptcha without a session", () => {
  it("answers an unknown sign-in 404 NOT_FOUND", async () => {
    for (const sessionId of ["no-such-session", "", "x".repeat(5000), "ses_\u202e"]) {
      const { status, body } = await solveCaptcha(sessionId);
      expect({ sessionId: sessionId.slice(0, 20), status }).toEqual({ sessionId: sessionId.slice(0, 20), status: 404 });
      expect(body.error.json).toMatchObject({ message: "Sign-in not found", data: { code: "NOT_FOUND", heraldCode: "not-found" } });
    }
  });

  it("answers a sign-in with no captcha waiting a 4xx naming why", async () => {
    const at = now();
    const member = await db.sandboxMember.create({ data: { id: "sbm_captcha", publicIdentifier: "ada-captcha", firstName: "Ada", lastName: "Prospect", createdAt: at } });
    const session = await db.sandboxSession.create({ data: { id: "sbs_captcha", memberId: member.id, state: "ok", createdAt: at, updatedAt: at } });
    const { status, body } = await solveCaptcha(session.id);
    expect(status).toBe(400);
    expect(body.error.json.data.heraldCode).toBe("verification-failed");
  });

  it("answers a wrong input type 400, not 500", async () => {
    expect((await solveCaptcha(42)).status).toBe(400);
    expect((await solveCaptcha(null)).status).toBe(400);
  });
});
