import { randomUUID } from "node:crypto";
import { db } from "../../db/client";
import type { LinkedinAccount } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import { isValidTimeZone } from "../../lib/time-zones";
import { parseInput } from "../../lib/zod-issues";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { ConnectResult } from "../../providers/linkedin/types";
import { ZConnectSenderInput, ZTotpSecret, type TConnectSenderInput, type TConnectSenderResult } from "../../schemas/sender";
import { withOutbox } from "../events/with-outbox";
import { applyConnectResult } from "./apply-connect-result";
import { failSenderConnection } from "./fail-sender-connection";
import { isProviderError, providerErrorToHerald } from "./provider-error";
import { countSeatHolders } from "./seat-holders";
import { sealCredentials } from "./sender-credentials";
import { toCheckpoint, toSenderAccount, type StoredCheckpoint } from "./to-sender-account";
import { totpCode } from "./totp-code";

export interface ConnectOptions {
  via: "api" | "dashboard" | "hosted-link";
  hostedLinkId?: string;
}

function checkTotp(input: TConnectSenderInput): string | undefined {
  if (input.totpSecret === undefined) return undefined;
  const parsed = ZTotpSecret.safeParse(input.totpSecret);
  if (!parsed.success) {
    throw new HeraldError({
      code: "invalid-totp-secret",
      status: 400,
      message: "totpSecret is not a valid authenticator setup key (base32: letters A-Z and digits 2-7)",
      details: { fields: [{ field: "totpSecret", message: "must be a base32 authenticator setup key" }] },
    });
  }
  return parsed.data;
}

/** Takes a seat for the attempt: the placeholder sender holds it while LinkedIn answers. */
async function reserveSeat(actor: Actor, input: TConnectSenderInput, options: ConnectOptions, totpSecret?: string): Promise<LinkedinAccount> {
  const provider = await getLinkedinProvider();
  const refusal = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`seats:${actor.workspaceId}`}))`;
    const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { seatLimit: true } });
    if (workspace.seatLimit === 0) {
      return { code: "no-plan", message: "This workspace has no plan for senders: it has no seats. Ask an owner to add seats." };
    }
    const used = await countSeatHolders(tx, actor.workspaceId);
    if (used >= workspace.seatLimit) {
      return { code: "seat-limit-reached", message: `All ${workspace.seatLimit} sender seats are in use. Disconnect a sender or add seats.` };
    }
    const at = now();
    return tx.linkedinAccount.create({
      data: {
        workspaceId: actor.workspaceId,
        label: input.label ?? "",
        provider: provider.name,
        providerAccountId: `pending:${randomUUID()}`,
        connectionMethod: input.liAt ? "cookie" : "password",
        connectedVia: options.via,
        hostedLinkId: options.hostedLinkId,
        connectionStatus: "connecting",
        country: input.country,
        timezone: input.timezone ?? "UTC",
        credentialsEncrypted: sealCredentials({
          username: input.username,
          password: input.password,
          liAt: input.liAt,
          userAgent: input.userAgent,
          totpSecret,
          proxy: input.proxy,
        }),
        createdAt: at,
        updatedAt: at,
      },
    });
  });
  if ("code" in refusal) {
    await withOutbox((_tx, emit) =>
      emit({ workspaceId: actor.workspaceId, event: "account.connection_failed", data: { account: null, error: refusal } }),
    );
    throw new HeraldError({ ...refusal, status: 409 });
  }
  return refusal;
}

async function fail(row: LinkedinAccount, code: string, message: string, status: 400 | 409 = 400): Promise<never> {
  await failSenderConnection(row, { code, message });
  throw new HeraldError({ code, message, status });
}

/**
 * Connects a LinkedIn account as a sender (POST /accounts). Interactive by default: a verification
 * step answers `checkpoint_required`. With totpSecret the 2FA challenge is solved automatically and
 * any other outcome is a 400 with account.connection_failed.
 */
export async function connectSender(actor: Actor, input: unknown, options: ConnectOptions): Promise<TConnectSenderResult> {
  const parsed = parseInput(ZConnectSenderInput, input);
  const totpSecret = checkTotp(parsed);
  if (parsed.timezone && !isValidTimeZone(parsed.timezone)) {
    throw HeraldError.invalidInput("Invalid timezone: must be an IANA zone such as Europe/Paris", [
      { field: "timezone", message: "must be an IANA zone such as Europe/Paris" },
    ]);
  }
  const provider = await getLinkedinProvider();
  let row = await reserveSeat(actor, parsed, options, totpSecret);

  let result: ConnectResult;
  try {
    const proxy = parsed.proxy ? { url: parsed.proxy } : undefined;
    result = parsed.liAt
      ? await provider.connectWithCookie({ liAt: parsed.liAt, userAgent: parsed.userAgent!, proxy, country: parsed.country })
      : await provider.connectWithPassword({ username: parsed.username!, password: parsed.password!, proxy, country: parsed.country });
  } catch (error) {
    if (!isProviderError(error)) {
      logger.error("Sender sign-in failed unexpectedly", { error });
      const message = `Sign-in failed: ${error instanceof Error ? error.message : String(error)}`;
      return fail(row, "connection-failed", message);
    }
    await failSenderConnection(row, { code: error.code, message: error.message });
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
    return { data: account, status: "checkpoint_required", checkpoint: toCheckpoint(row.checkpoint as StoredCheckpoint | null)! };
  }
  return { data: account, status: "connected" };
}
