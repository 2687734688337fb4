import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { setLinkedinProvider } from "@/server/providers/linkedin";
import { createSandboxProvider } from "@/server/providers/linkedin/sandbox/sandbox-provider";
import { SANDBOX_VERIFICATION_CODE } from "@/server/providers/linkedin/sandbox/sign-in-rules";
import { LinkedinProviderError } from "@/server/providers/linkedin/types";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace, outboxEvents } from "@/server/test/factories";

afterEach(() => {
  setClock(systemClock);
  setLinkedinProvider(undefined);
});

function unique(username: string) {
  return username.replace(/^([^+@]+)/, `$1.${Math.random().toString(36).slice(2, 8)}`);
}

async function startCheckpoint(username: string) {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const response = await callApi("POST", "/accounts", { key, body: { username, password: "x" } });
  expect(response.body?.status).toBe("checkpoint_required");
  const id = response.body!.data.id as string;
  const answer = (body: Record<string, unknown>) => callApi("POST", `/accounts/${id}/checkpoint`, { key, body });
  const reconnect = () => callApi("POST", `/accounts/${id}/reconnect`, { key, body: { username, password: "x" } });
  const sender = () => db.linkedinAccount.findUnique({ where: { id } });
  return { ...context, key, id, answer, reconnect, sender };
}

/** The sandbox, except that answering a verification step meets LinkedIn out of reach. */
function providerFailingAnswers(code: "provider-timeout" | "provider-unreachable") {
  const sandbox = createSandboxProvider({ publicUrl: () => "http://herald.test" });
  setLinkedinProvider({ ...sandbox, solveCheckpoint: async () => Promise.reject(new LinkedinProviderError(code, "LinkedIn could not be reached; try again")) });
}

describe("answering a checkpoint", () => {
  it.each(["provider-timeout", "provider-unreachable"] as const)(
    "keeps the sender and its step when the answer meets %s, so the same code can be sent again",
    async (code) => {
      const flow = await startCheckpoint(unique("ada+otp@example.com"));
      providerFailingAnswers(code);
      const failed = await flow.answer({ code: SANDBOX_VERIFICATION_CODE });
      expect(failed.status).toBe(503);
      expect(failed.body?.error.code).toBe(code);
      expect(Number(failed.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await flow.sender()).toMatchObject({ connectionStatus: "checkpoint_required", checkpoint: expect.objectContaining({ type: "OTP" }) });
      expect(await outboxEvents(flow.workspace.id, "account.connection_failed")).toHaveLength(0);

      setLinkedinProvider(undefined);
      const again = await flow.answer({ code: SANDBOX_VERIFICATION_CODE });
      expect(again.body).toMatchObject({ resolved: true, account: { connectionStatus: "connected" } });
    },
  );

  it("removes a first connect's sender only on a definitive failure", async () => {
    const flow = await startCheckpoint(unique("ada+otp@example.com"));
    await flow.answer({ code: "1" });
    await flow.answer({ code: "2" });
    expect((await flow.answer({ code: "3" })).body?.error.code).toBe("verification-failed");
    expect(await flow.sender()).toBeNull();
    expect((await outboxEvents(flow.workspace.id, "account.connection_failed")).map((event) => event.data.error.code)).toEqual(["verification-failed"]);
  });

  it("never deletes a reconnecting sender: a failed answer returns it to its previous state with the error", async () => {
    const flow = await startCheckpoint(unique("ada+otp@example.com"));
    expect((await flow.answer({ code: SANDBOX_VERIFICATION_CODE })).body?.resolved).toBe(true);
    const reconnect = await flow.reconnect();
    expect(reconnect.body).toMatchObject({ status: "checkpoint_required", checkpoint: { type: "OTP" } });

    providerFailingAnswers("provider-timeout");
    expect((await flow.answer({ code: SANDBOX_VERIFICATION_CODE })).status).toBe(503);
    expect(await flow.sender()).toMatchObject({ connectionStatus: "checkpoint_required" });
    setLinkedinProvider(undefined);

    await flow.answer({ code: "1" });
    await flow.answer({ code: "2" });
    const third = await flow.answer({ code: "3" });
    expect(third.body?.error.code).toBe("verification-failed");
    expect(await flow.sender()).toMatchObject({ connectionStatus: "connected", status: "active", checkpoint: null, error: expect.stringContaining("wrong answers") });
    expect(await outboxEvents(flow.workspace.id, "account.connection_failed")).toHaveLength(0);
  });

  it("returns a reconnecting sender to its previous state when its step expired", async () => {
    const clock = new ManualClock("2026-05-04T10:00:00Z");
    setClock(clock);
    const flow = await startCheckpoint(unique("ada+otp@example.com"));
    await flow.answer({ code: SANDBOX_VERIFICATION_CODE });
    await db.linkedinAccount.update({ where: { id: flow.id }, data: { connectionStatus: "reconnect_required", status: "error" } });
    expect((await flow.reconnect()).body?.status).toBe("checkpoint_required");
    clock.advance(5 * 60_000);
    const late = await flow.answer({ code: SANDBOX_VERIFICATION_CODE });
    expect(late.body?.error.code).toBe("checkpoint-expired");
    expect(await flow.sender()).toMatchObject({ connectionStatus: "reconnect_required", status: "error", checkpoint: null, error: expect.stringContaining("expired") });
  });
});
