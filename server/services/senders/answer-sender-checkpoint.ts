import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { errorCodeToHttpStatus, HeraldError } from "../../lib/errors";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { ProviderCheckpoint } from "../../providers/linkedin/types";
import type { TCheckpointAnswer, TSenderCheckpointState } from "../../schemas/sender";
import { withOutbox } from "../events/with-outbox";
import { applyConnectResult } from "./apply-connect-result";
import { emitAccountEvent } from "./emit-account-event";
import { abandonSenderCheckpoint } from "./abandon-sender-checkpoint";
import { findSender } from "./find-sender";
import { checkpointState } from "./get-sender-checkpoint";
import { startCheckpointWatch } from "./start-checkpoint-watch";
import { isProviderError, providerErrorToHerald } from "./provider-error";
import { reconnectOrigin, toCheckpoint } from "./to-sender-account";
import { checkpointColumn, readCheckpoint, type StoredCheckpoint } from "./sender-columns";

/**
 * Answers a pending verification step (POST /accounts/{id}/checkpoint): a code (2FA, OTP), a phone
 * number (PHONE_REGISTER), or a request to resend the code or to try another way. A wrong code
 * leaves the step pending (400 `checkpoint-code-rejected`); an expired step is a 409. A transient
 * provider error keeps the step; a definitive failure removes a first connect's sender, and returns a
 * reconnecting sender to its previous state with the error.
 */
export async function answerSenderCheckpoint(actor: Actor, accountId: string, answer: TCheckpointAnswer): Promise<TSenderCheckpointState> {
  const row = await findSender(actor, accountId);
  const checkpoint = toCheckpoint(readCheckpoint(row.checkpoint));
  if (row.connectionStatus !== "checkpoint_required" || !checkpoint) {
    throw new HeraldError({ code: "no-checkpoint", message: "No verification step is pending for this sender." });
  }
  if (checkpoint.expired) {
    const message = "The verification step expired (five minutes): connect the sender again.";
    // A reconnecting sender goes back to where it was; a first connect stays shown, holding no seat.
    if (reconnectOrigin(row)) {
      await abandonSenderCheckpoint(row, { code: "checkpoint-expired", message });
      throw new HeraldError({ code: "checkpoint-expired", message: "The verification step expired (five minutes): reconnect the sender again." });
    }
    throw new HeraldError({ code: "checkpoint-expired", message: message });
  }
  const provider = await getLinkedinProvider();

  if (answer.resend || answer.tryAnotherWay) {
    let next: ProviderCheckpoint;
    try {
      next = answer.resend ? await provider.resendCheckpoint(row.providerAccountId) : await provider.tryAnotherWay(row.providerAccountId);
    } catch (error) {
      // LinkedIn out of reach is worth a retry (503/429); a refusal is a conflict with the step's state
      // (409): its own code when that is a conflict already (checkpoint-expired), else this one.
      if (!isProviderError(error)) throw error;
      if (error.retryable || errorCodeToHttpStatus[error.code] === 409) throw providerErrorToHerald(error);
      throw new HeraldError({ code: "checkpoint-step-unavailable", message: error.message, cause: error });
    }
    const stored: StoredCheckpoint = {
      type: next.type,
      input: next.input,
      requestedAt: now().toISOString(),
      canResend: next.canResend,
      canTryAnotherWay: next.canTryAnotherWay,
      hostedUrl: next.hostedUrl ?? null,
      reconnectFrom: reconnectOrigin(row),
    };
    const updated = await withOutbox(async (tx, emit) => {
      const changed = await tx.linkedinAccount.update({
        where: { id: row.id },
        data: { checkpoint: checkpointColumn(stored), updatedAt: now() },
      });
      if (answer.tryAnotherWay) await emitAccountEvent(tx, emit, changed, "account.checkpoint_required");
      return changed;
    });
    if (answer.tryAnotherWay) await startCheckpointWatch(updated);
    return checkpointState(updated);
  }

  if (checkpoint.input === "code" && answer.code === undefined) {
    throw HeraldError.invalidInput("Invalid code: this verification expects the code LinkedIn sent", [{ field: "code", message: "is required" }]);
  }
  if (checkpoint.input === "phone" && answer.phone === undefined) {
    throw HeraldError.invalidInput("Invalid phone: this verification expects a phone number", [{ field: "phone", message: "is required" }]);
  }
  if (checkpoint.input === "none" || checkpoint.input === "hosted") {
    throw new HeraldError({
      code: "checkpoint-answered-elsewhere",
      message:
        checkpoint.input === "none"
          ? "This verification is approved in the LinkedIn app: approve it there; the sender then connects on its own (account.connected), or poll GET /accounts/{id}/checkpoint."
          : "This CAPTCHA is solved on LinkedIn's own page (checkpoint.url); the sender then connects on its own (account.connected), or poll GET /accounts/{id}/checkpoint.",
    });
  }
  try {
    const result = await provider.solveCheckpoint(row.providerAccountId, { code: answer.code, phone: answer.phone });
    return checkpointState(await applyConnectResult(row, result));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    // A wrong code leaves the step pending. A timeout or an unreachable LinkedIn says nothing about the answer: the sender and its step
    // stay, and the caller answers again (503/429 with Retry-After). Only a definitive refusal ends it.
    if (error.code === "checkpoint-code-rejected" || error.retryable) throw providerErrorToHerald(error);
    await abandonSenderCheckpoint(row, { code: error.code, message: error.message });
    throw providerErrorToHerald(error);
  }
}

