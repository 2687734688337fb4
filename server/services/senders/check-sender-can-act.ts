import type { LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";

/** A sender acts only when connected, active, not paused and not cooling down. */
export function checkSenderCanAct(account: LinkedinAccount): void {
  if (account.connectionStatus !== "connected" || account.status !== "active") {
    throw HeraldError.conflict(
      account.connectionStatus === "checkpoint_required"
        ? "This sender has not finished connecting: answer its verification step first."
        : `This sender cannot act: it is ${account.status}${account.error ? ` (${account.error})` : ""}. Reconnect it.`,
      "sender-not-ready",
    );
  }
  if (account.paused) throw HeraldError.conflict(`This sender is paused (${account.pausedReason ?? "manual"}): resume it first.`, "sender-paused");
  if (account.cooldownUntil && account.cooldownUntil > now()) {
    const seconds = Math.ceil((account.cooldownUntil.getTime() - now().getTime()) / 1000);
    throw HeraldError.rateLimited(
      `LinkedIn throttled this sender; it rests until ${account.cooldownUntil.toISOString()}${account.cooldownReason ? ` (${account.cooldownReason})` : ""}.`,
      seconds,
      "sender-cooldown",
    );
  }
}
