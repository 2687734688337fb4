import { db } from "../../db/client";
import type { LinkedinAccount } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { TConnectSenderInput } from "../../schemas/sender";
import { withOutbox } from "../events/with-outbox";
import { emitAccountEvent } from "./emit-account-event";
import { countSeatHolders } from "./seat-holders";
import { sealCredentials } from "./sender-credentials";

export interface ConnectOptions {
  via: "api" | "dashboard" | "hosted-link";
  hostedLinkId?: string;
}

/**
 * The sender a connect attempt makes, before LinkedIn answered: what the placeholder row holds, and
 * what account.connection_failed carries when the attempt is refused before any row exists (so the
 * event always has the full sender object, never null).
 */
export async function attemptedSender(actor: Actor, input: TConnectSenderInput, options: ConnectOptions, totpSecret?: string): Promise<LinkedinAccount> {
  const provider = await getLinkedinProvider();
  const [{ id }] = await db.$queryRaw<[{ id: string }]>`SELECT herald_id('acc') AS id`;
  const at = now();
  return {
    id,
    workspaceId: actor.workspaceId,
    label: input.label ?? "",
    provider: provider.name,
    providerAccountId: `pending:${id}`,
    memberId: null,
    fullName: null,
    firstName: null,
    lastName: null,
    headline: null,
    publicIdentifier: null,
    profileUrl: null,
    profilePicture: null,
    connectionMethod: input.liAt ? "cookie" : "password",
    connectedVia: options.via,
    hostedLinkId: options.hostedLinkId ?? null,
    status: "active",
    connectionStatus: "connecting",
    isVerified: false,
    isPremium: false,
    linkedinPlan: "free",
    error: null,
    limits: null,
    paused: false,
    pausedReason: null,
    pausedAt: null,
    cooldownUntil: null,
    cooldownReason: null,
    checkpoint: null,
    inmailBalance: null,
    inmailSyncedAt: null,
    ssi: null,
    country: input.country ?? null,
    timezone: input.timezone ?? "UTC",
    credentialsEncrypted: sealCredentials({
      username: input.username,
      password: input.password,
      liAt: input.liAt,
      userAgent: input.userAgent,
      totpSecret,
      proxy: input.proxy,
    }),
    lastActivitySyncAt: null,
    conversationsSyncedAt: null,
    nextActionAt: null,
    campaignActionCount: 0,
    voiceId: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * An attempt refused before LinkedIn was asked (bad 2FA key, no seat): account.connection_failed
 * with the sender the attempt would have made, in status `error`, and the error code beside it.
 * The sender is never stored, so its id answers 404.
 */
export async function refuseAttempt(attempt: LinkedinAccount, error: { code: string; message: string }): Promise<void> {
  await withOutbox(async (tx, emit) => {
    const refused = { ...attempt, status: "error" as const, error: error.message, credentialsEncrypted: null };
    await emitAccountEvent(tx, emit, refused, "account.connection_failed", { error });
  });
}

/** Takes a seat for the attempt: the placeholder sender holds it while LinkedIn answers. */
export async function reserveSenderSeat(attempt: LinkedinAccount): Promise<LinkedinAccount> {
  const refusal = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`seats:${attempt.workspaceId}`}))`;
    const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: attempt.workspaceId }, select: { seatLimit: true } });
    if (workspace.seatLimit === 0) {
      return { code: "no-plan" as const, message: "This workspace has no plan for senders: it has no seats. Ask an owner to add seats." };
    }
    const used = await countSeatHolders(tx, attempt.workspaceId);
    if (used >= workspace.seatLimit) {
      return { code: "seat-limit-reached" as const, message: `All ${workspace.seatLimit} sender seats are in use. Disconnect a sender or add seats.` };
    }
    const { limits: _limits, checkpoint: _checkpoint, ssi: _ssi, ...data } = attempt;
    return tx.linkedinAccount.create({ data });
  });
  if ("code" in refusal) {
    await refuseAttempt(attempt, refusal);
    throw new HeraldError(refusal);
  }
  return refusal;
}
