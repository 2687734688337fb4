import type { LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";

/** A sender acts only when connected, active, not paused and not cooling down. */
export function checkSenderCanAct(account: LinkedinAccount): void {
  if (account.connectionStatus !== "connected" || account.status !== "active") {
    throw new HeraldError({
      code: "sender-not-ready",
      message:
        account.connectionStatus === "checkpoint_required"
          ? "This sender has not finished connecting: answer its verification step first."
          : `This sender cannot act: it is ${account.status}${account.error ? ` (${account.error})` : ""}. Reconnect it.`,
    });
  }
  if (account.paused) {
    throw new HeraldError({ code: "sender-paused", message: `This sender is paused (${account.pausedReason ?? "manual"}): resume it first.` });
  }
  if (account.cooldownUntil && account.cooldownUntil > now()) {
    const seconds = Math.ceil((account.cooldownUntil.getTime() - now().getTime()) / 1000);
    throw new HeraldError({
      code: "sender-cooldown",
      message: `LinkedIn throttled this sender; it rests until ${account.cooldownUntil.toISOString()}${account.cooldownReason ? ` (${account.cooldownReason})` : ""}.`,
      retryAfterSeconds: seconds,
    });
  }
}
