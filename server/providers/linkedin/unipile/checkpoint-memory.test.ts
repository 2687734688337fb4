// A Unipile checkpoint outlives the process that raised it: after a restart (or in another Herald
// process) the provider finds it on the sender row Herald stored, for Unipile's five minutes.
import { afterEach, describe, expect, it } from "vitest";
import { HeraldError } from "@/server/lib/errors";
import { setLinkedinProvider } from "@/server/providers/linkedin";
import { answerSenderCheckpoint } from "@/server/services/senders/answer-sender-checkpoint";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { createDatabaseCheckpointMemory, createInProcessCheckpointMemory } from "./checkpoint-memory";
import { checkpointAnswer, checkpointResent } from "../../../test/fakes/unipile/fixtures";
import { withFakeUnipile } from "../../../test/fakes/unipile/harness";
import { ZConnectSenderInput, ZCheckpointAnswer } from "../../../schemas/sender";

const h = withFakeUnipile();
afterEach(() => setLinkedinProvider(undefined));

/** A provider as a freshly started Herald process has it: nothing in this process's memory. */
const freshProcess = (memory: "database" | "process only") =>
  h.providerWith({ checkpointMemory: memory === "database" ? createDatabaseCheckpointMemory(createInProcessCheckpointMemory()) : createInProcessCheckpointMemory() });

/** A sender waiting on a code, as Unipile account `unipileId` (one per test: Herald keeps each once). */
async function senderWaitingOnOtp(unipileId: string) {
  const { actor } = await createTestWorkspace();
  setLinkedinProvider(freshProcess("database"));
  h.unipile.on("POST", "/api/v1/accounts", { status: 202, body: { ...checkpointAnswer({ type: "OTP" }), account_id: unipileId } });
  const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: "julien@example.com", password: "s3cret" }), { via: "api" });
  expect(connected.status).toBe("checkpoint_required");
  return { actor, accountId: connected.account.id };
}

describe("Unipile checkpoints across processes", () => {
  it("resends the code from a process that did not raise the checkpoint", async () => {
    const { actor, accountId } = await senderWaitingOnOtp("unipile-resend");
    setLinkedinProvider(freshProcess("database"));
    h.unipile.on("POST", "/api/v1/accounts/checkpoint/resend", { status: 200, body: checkpointResent });

    const state = await answerSenderCheckpoint(actor, accountId, ZCheckpointAnswer.parse({ resend: true }));

    expect(state).toMatchObject({ checkpoint: { type: "OTP" } });
    expect(h.unipile.requests("POST", "/api/v1/accounts/checkpoint/resend")[0]!.json).toEqual({ account_id: "unipile-resend", provider: "LINKEDIN" });
  });

  it("is lost without the database, which is why the provider reads it", async () => {
    const { actor, accountId } = await senderWaitingOnOtp("unipile-lost");
    setLinkedinProvider(freshProcess("process only"));
    const error = await answerSenderCheckpoint(actor, accountId, ZCheckpointAnswer.parse({ resend: true })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HeraldError);
    expect((error as HeraldError).code).toBe("checkpoint-expired");
  });

  it("keeps Unipile's five-minute window", async () => {
    await senderWaitingOnOtp("unipile-window");
    const memory = createDatabaseCheckpointMemory(createInProcessCheckpointMemory());
    expect(await memory.recall("unipile-window")).toMatchObject({ type: "OTP", input: "code" });
    h.clock.advance(5 * 60_000);
    expect(await memory.recall("unipile-window")).toBeNull();
    expect(await memory.recall("an-account-nobody-has")).toBeNull();
  });
});
