// What the hosted connect page does on behalf of the person holding the link: it signs in with the
// link creator's rights in the link's workspace, and records the outcome on the link.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import { HeraldError, isHeraldError } from "../../lib/errors";
import type { TCheckpoint, TCheckpointAnswer, TConnectOutcome, THostedLinkView, THostedSignInInput } from "../../schemas/sender";
import { resolveActor } from "../members/resolve-actor";
import { answerSenderCheckpoint } from "./answer-sender-checkpoint";
import { connectSender } from "./connect-sender";
import { getSenderCheckpoint } from "./get-sender-checkpoint";
import { reconnectSender } from "./reconnect-sender";
import { hostedLinkStatus } from "./to-sender-hosted-link";

async function linkByToken(token: string) {
  const link = await db.senderHostedLink.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (!link) throw HeraldError.notFound("Connect link");
  return link;
}

async function usableLink(token: string) {
  const link = await linkByToken(token);
  const status = hostedLinkStatus(link);
  if (status !== "pending") throw new HeraldError({ code: `link-${status}`, message: `This connect link is ${status}. Ask for a new one.` });
  const actor = await resolveActor(link.createdById, link.workspaceId);
  return { link, actor };
}

export async function viewHostedLink(token: string): Promise<THostedLinkView> {
  const link = await linkByToken(token);
  if (!link.openedAt) await db.senderHostedLink.update({ where: { id: link.id }, data: { openedAt: now() } });
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: link.workspaceId }, select: { name: true } });
  let checkpoint: TCheckpoint | null = null;
  let status = hostedLinkStatus(link);
  if (status === "pending" && link.accountId) {
    const actor = await resolveActor(link.createdById, link.workspaceId);
    const state = await getSenderCheckpoint(actor, link.accountId).catch(() => null);
    checkpoint = state?.checkpoint ?? null;
    if (state?.resolved) status = await markConnected(link.id, link.accountId);
  }
  return {
    status,
    workspaceName: workspace.name,
    reconnect: Boolean(link.reconnectAccountId),
    externalUrl: link.externalUrl,
    redirectUrl: link.redirectUrl,
    accountId: link.accountId,
    checkpoint,
    error: link.errorMessage,
  };
}

async function markConnected(linkId: string, accountId: string): Promise<"connected"> {
  await db.senderHostedLink.update({ where: { id: linkId }, data: { status: "connected", accountId, completedAt: now(), errorCode: null, errorMessage: null } });
  return "connected";
}

/** Signs in from the hosted page. A failure is shown on the page and the person may try again. */
export async function startHostedSignIn(token: string, credentials: THostedSignInInput): Promise<THostedLinkView> {
  const { link, actor } = await usableLink(token);
  try {
    let result: TConnectOutcome;
    if (link.reconnectAccountId) result = await reconnectSender(actor, link.reconnectAccountId, credentials);
    else result = await connectSender(actor, credentials, { via: "hosted-link", hostedLinkId: link.id });
    await db.senderHostedLink.update({
      where: { id: link.id },
      data: { accountId: result.account.id, errorCode: null, errorMessage: null },
    });
    if (result.status === "connected") await markConnected(link.id, result.account.id);
  } catch (error) {
    if (!isHeraldError(error)) throw error;
    await db.senderHostedLink.update({ where: { id: link.id }, data: { errorCode: error.code, errorMessage: error.message } });
    if (error.code === "invalid-input") throw error;
  }
  return viewHostedLink(token);
}

export async function answerHostedCheckpoint(token: string, answer: TCheckpointAnswer): Promise<THostedLinkView> {
  const { link, actor } = await usableLink(token);
  if (!link.accountId) throw new HeraldError({ code: "no-checkpoint", message: "Sign in first." });
  try {
    const state = await answerSenderCheckpoint(actor, link.accountId, answer);
    if (state.resolved) await markConnected(link.id, link.accountId);
    else await db.senderHostedLink.update({ where: { id: link.id }, data: { errorCode: null, errorMessage: null } });
  } catch (error) {
    if (!isHeraldError(error)) throw error;
    await db.senderHostedLink.update({ where: { id: link.id }, data: { errorCode: error.code, errorMessage: error.message } });
  }
  return viewHostedLink(token);
}

/** The person gives up on the page. */
export async function cancelHostedLink(token: string): Promise<THostedLinkView> {
  const { link } = await usableLink(token);
  await db.senderHostedLink.update({
    where: { id: link.id },
    data: { status: "failed", completedAt: now(), errorCode: "cancelled", errorMessage: "The person cancelled the connection" },
  });
  return viewHostedLink(token);
}
