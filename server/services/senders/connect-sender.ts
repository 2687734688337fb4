import type { LinkedinAccount } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { HeraldError, type ErrorCode } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { isValidTimeZone } from "../../lib/time-zones";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { ConnectResult } from "../../providers/linkedin/types";
import { ZTotpSecret, type TConnectSenderInput, type TConnectOutcome } from "../../schemas/sender";
import { applyConnectResult } from "./apply-connect-result";
import { failSenderConnection } from "./fail-sender-connection";
import { isProviderError, providerErrorToHerald } from "./provider-error";
import { attemptedSender, refuseAttempt, reserveSenderSeat, type ConnectOptions } from "./reserve-sender-seat";
import { toCheckpoint, toSenderAccount } from "./to-sender-account";
import { totpCode } from "./totp-code";
import { readCheckpoint } from "./sender-columns";

export type { ConnectOptions };

/** A 2FA setup key that is not base32 is refused before a seat is taken, with the event. */
async function checkTotp(actor: Actor, input: TConnectSenderInput, options: ConnectOptions): Promise<string | undefined> {
  if (input.totpSecret === undefined) return undefined;
  const parsed = ZTotpSecret.safeParse(input.totpSecret);
  if (parsed.success) return parsed.data;
  const message = "totpSecret is not a valid authenticator setup key (base32: letters A-Z and digits 2-7)";
  await refuseAttempt(await attemptedSender(actor, input, options), { code: "invalid-totp-secret", message });
  throw new HeraldError({
    code: "invalid-totp-secret",
    message,
    details: { fields: [{ field: "totpSecret", message: "must be a base32 authenticator setup key" }] },
  });
}

async function fail(row: LinkedinAccount, code: ErrorCode, message: string): Promise<never> {
  await failSenderConnection(row, { code, message });
  throw new HeraldError({ code, message });
}

/**
 * Connects a LinkedIn account as a sender (POST /accounts). Interactive by default: a verification
 * step answers `checkpoint_required`. With totpSecret the 2FA challenge is solved automatically and
 * any other outcome is a 400 with account.connection_failed.
 */
export async function connectSender(actor: Actor, input: TConnectSenderInput, options: ConnectOptions): Promise<TConnectOutcome> {
  if (input.timezone && !isValidTimeZone(input.timezone)) {
    throw HeraldError.invalidInput("Invalid timezone: must be an IANA zone such as Europe/Paris", [
      { field: "timezone", message: "must be an IANA zone such as Europe/Paris" },
    ]);
  }
  const totpSecret = await checkTotp(actor, input, options);
  const provider = await getLinkedinProvider();
  let row = await reserveSenderSeat(await attemptedSender(actor, input, options, totpSecret));

  let result: ConnectResult;
  try {
    const proxy = input.proxy ? { url: input.proxy } : undefined;
    result = input.liAt
      ? await provider.connectWithCookie({ liAt: input.liAt, userAgent: input.userAgent!, proxy, country: input.country })
      : await provider.connectWithPassword({ username: input.username!, password: input.password!, proxy, country: input.country });
  } catch (error) {
    if (!isProviderError(error)) {
      logger.error("Sender sign-in failed unexpectedly", { error });
      const message = `Sign-in failed: ${error instanceof Error ? error.message : String(error)}`;
      return fail(row, "connection-failed", message);
    }
    await failSenderConnection(row, { code: error.code, message: error.message });
    // The status follows the code; POST /accounts answers automatic-login failures with 400 (its
    // operation's `errorStatus`), while an interactive connect keeps 429 and 503.
    throw providerErrorToHerald(error);
  }

  if (totpSecret && result.status === "checkpoint") {
    const pending = { ...row, providerAccountId: result.providerAccountId };
    if (result.checkpoint.type !== "2FA") {
      return fail(
        pending,
        "unsupported-verification",
        `This account signs in with ${result.checkpoint.type}, not an authenticator app: connect without totpSecret and answer the challenge.`,
      );
    }
    try {
      result = await provider.solveCheckpoint(result.providerAccountId, { code: totpCode(totpSecret) });
    } catch (error) {
      if (!isProviderError(error)) throw error;
      const code = error.code === "checkpoint-code-rejected" ? "checkpoint-code-rejected" : error.code;
      const message =
        code === "checkpoint-code-rejected" ? "LinkedIn rejected the authenticator code: the 2FA setup key is wrong." : error.message;
      return fail(pending, code, message);
    }
    if (result.status !== "connected") {
      return fail(pending, "verification-failed", "The authenticator code was accepted but LinkedIn asked for another verification.");
    }
  }

  row = await applyConnectResult(row, result);
  const account = await toSenderAccount(row);
  if (result.status === "checkpoint") {
    return { account, status: "checkpoint_required", checkpoint: toCheckpoint(readCheckpoint(row.checkpoint))! };
  }
  return { account, status: "connected" };
}
