// Signing in to the sandbox network: sessions, checkpoints and their answers.
import * as OTPAuth from "otpauth";
import { z } from "zod";
import { db, Prisma } from "../../../db/client";
import { now } from "../../../lib/clock";
import { jsonColumnReader } from "../../../lib/json-column";
import {
  LinkedinProviderError,
  type CheckpointType,
  type ConnectResult,
  type CookieSignIn,
  type PasswordSignIn,
  type ProviderAccountState,
  type ProviderCheckpoint,
  type SenderIdentity,
} from "../types";
import { DEFAULT_BEHAVIOUR } from "./behaviour";
import { sandboxProfileUrl } from "./directory";
import {
  SANDBOX_TOTP_SECRET,
  SANDBOX_VERIFICATION_CODE,
  sandboxIdentity,
  signInOutcome,
  type SandboxIdentity,
} from "./sign-in-rules";
import { sandboxId } from "./store";

/** The network's own answer window for a challenge. */
const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
const MAX_WRONG_ANSWERS = 3;

/** The pending verification of a sandbox session, stored in SandboxSession.challenge. */
const ZChallenge = z.object({
  type: z.enum(["2FA", "OTP", "IN_APP_VALIDATION", "PHONE_REGISTER", "CAPTCHA"]) satisfies z.ZodType<CheckpointType>,
  requestedAt: z.string(),
  resends: z.number(),
  attempts: z.number(),
  approved: z.boolean(),
});
type Challenge = z.infer<typeof ZChallenge>;

const readChallenge = jsonColumnReader(ZChallenge.nullable(), "sandbox challenge");

const INPUT_OF: Record<CheckpointType, ProviderCheckpoint["input"]> = {
  "2FA": "code",
  OTP: "code",
  PHONE_REGISTER: "phone",
  IN_APP_VALIDATION: "none",
  CAPTCHA: "hosted",
};

const ANOTHER_WAY: Partial<Record<CheckpointType, CheckpointType>> = {
  "2FA": "OTP",
  OTP: "IN_APP_VALIDATION",
  IN_APP_VALIDATION: "OTP",
};

export function captchaPageUrl(baseUrl: string, sessionId: string): string {
  return `${baseUrl}/sandbox/captcha/${sessionId}`;
}

function toCheckpoint(challenge: Challenge, sessionId: string, baseUrl: string): ProviderCheckpoint {
  return {
    type: challenge.type,
    input: INPUT_OF[challenge.type],
    canResend: challenge.type === "OTP" || challenge.type === "2FA",
    canTryAnotherWay: Boolean(ANOTHER_WAY[challenge.type]),
    hostedUrl: challenge.type === "CAPTCHA" ? captchaPageUrl(baseUrl, sessionId) : null,
  };
}

async function upsertSenderMember(identity: SandboxIdentity) {
  return db.sandboxMember.upsert({
    where: { id: identity.memberId },
    create: {
      id: identity.memberId,
      username: identity.username,
      publicIdentifier: identity.publicIdentifier,
      firstName: identity.firstName,
      lastName: identity.lastName,
      headline: `${identity.isPremium ? "Account Executive" : "Business Development"} at Sandbox Inc.`,
      company: "Sandbox Inc.",
      isPremium: identity.isPremium,
      inmailCredits: identity.isPremium ? DEFAULT_BEHAVIOUR.premiumInmailCredits : 0,
      createdAt: now(),
    },
    update: identity.isPremium ? { isPremium: true } : {},
  });
}

function toIdentity(sessionId: string, member: Prisma.SandboxMemberGetPayload<object>): SenderIdentity {
  return {
    providerAccountId: sessionId,
    memberId: member.id,
    fullName: `${member.firstName} ${member.lastName}`,
    firstName: member.firstName,
    lastName: member.lastName,
    headline: member.headline,
    publicIdentifier: member.publicIdentifier,
    profileUrl: sandboxProfileUrl(member.publicIdentifier),
    profilePicture: null,
    isPremium: member.isPremium,
    plan: member.isPremium ? "premium" : "free",
    isVerified: true,
  };
}

async function startSession(identity: SandboxIdentity, outcome: ReturnType<typeof signInOutcome>, baseUrl: string, sessionId?: string): Promise<ConnectResult> {
  if (outcome.kind === "error") throw new LinkedinProviderError(outcome.code, outcome.message);
  const member = await upsertSenderMember(identity);
  const id = sessionId ?? sandboxId("sbx");
  const at = now();
  const challenge: Challenge | null =
    outcome.kind === "checkpoint" ? { type: outcome.type, requestedAt: at.toISOString(), resends: 0, attempts: 0, approved: false } : null;
  await db.sandboxSession.upsert({
    where: { id },
    create: {
      id,
      memberId: member.id,
      state: challenge ? "checkpoint" : "ok",
      challenge: challenge ?? Prisma.JsonNull,
      createdAt: at,
      updatedAt: at,
    },
    update: { memberId: member.id, state: challenge ? "checkpoint" : "ok", challenge: challenge ?? Prisma.JsonNull, updatedAt: at },
  });
  if (challenge) return { status: "checkpoint", providerAccountId: id, checkpoint: toCheckpoint(challenge, id, baseUrl) };
  return { status: "connected", identity: toIdentity(id, member) };
}

export async function connectWithPassword(input: PasswordSignIn, baseUrl: string, sessionId?: string): Promise<ConnectResult> {
  const identity = sandboxIdentity(input.username);
  return startSession(identity, signInOutcome({ identity, password: input.password, proxyUrl: input.proxy?.url }), baseUrl, sessionId);
}

export async function connectWithCookie(input: CookieSignIn, baseUrl: string, sessionId?: string): Promise<ConnectResult> {
  const identity = sandboxIdentity(input.liAt.includes("@") ? input.liAt : `${input.liAt}@cookie.sandbox.test`);
  return startSession(identity, signInOutcome({ identity, cookie: input.liAt, proxyUrl: input.proxy?.url }), baseUrl, sessionId);
}

async function pendingSession(sessionId: string) {
  const session = await db.sandboxSession.findUnique({ where: { id: sessionId } });
  if (!session) throw new LinkedinProviderError("session-expired", "No such sign-in session");
  const challenge = readChallenge(session.challenge);
  return { session, challenge };
}

async function succeed(sessionId: string, memberId: string): Promise<ConnectResult> {
  await db.sandboxSession.update({ where: { id: sessionId }, data: { state: "ok", challenge: Prisma.JsonNull, updatedAt: now() } });
  const member = await db.sandboxMember.findUniqueOrThrow({ where: { id: memberId } });
  return { status: "connected", identity: toIdentity(sessionId, member) };
}

function assertOpen(challenge: Challenge): void {
  if (now().getTime() - new Date(challenge.requestedAt).getTime() > CHALLENGE_LIFETIME_MS) {
    throw new LinkedinProviderError("checkpoint-expired", "The verification step expired; sign in again");
  }
}

export function validTotp(code: string, secret = SANDBOX_TOTP_SECRET): boolean {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.validate({ token: code, timestamp: now().getTime(), window: 1 }) !== null;
}

export async function solveCheckpoint(sessionId: string, answer: { code?: string; phone?: string }, baseUrl: string): Promise<ConnectResult> {
  const { session, challenge } = await pendingSession(sessionId);
  if (session.state === "ok") return succeed(sessionId, session.memberId);
  if (!challenge || session.state !== "checkpoint") throw new LinkedinProviderError("verification-failed", "No verification step is pending");
  assertOpen(challenge);
  let solved = false;
  if (challenge.type === "2FA") solved = answer.code === SANDBOX_VERIFICATION_CODE || (answer.code !== undefined && validTotp(answer.code));
  else if (challenge.type === "OTP") solved = answer.code === SANDBOX_VERIFICATION_CODE;
  else if (challenge.type === "PHONE_REGISTER") solved = /^\+[1-9]\d{6,14}$/.test(answer.phone ?? "");
  else return { status: "checkpoint", providerAccountId: sessionId, checkpoint: toCheckpoint(challenge, sessionId, baseUrl) };
  if (solved) return succeed(sessionId, session.memberId);
  const attempts = challenge.attempts + 1;
  const failed = attempts >= MAX_WRONG_ANSWERS;
  await db.sandboxSession.update({
    where: { id: sessionId },
    data: { state: failed ? "disconnected" : "checkpoint", challenge: { ...challenge, attempts }, updatedAt: now() },
  });
  if (failed) throw new LinkedinProviderError("verification-failed", "Too many wrong answers; sign in again");
  throw new LinkedinProviderError(
    "checkpoint-code-rejected",
    challenge.type === "PHONE_REGISTER" ? "LinkedIn did not accept that phone number" : "LinkedIn rejected that code",
  );
}

export async function checkCheckpoint(sessionId: string, baseUrl: string): Promise<ConnectResult> {
  const { session, challenge } = await pendingSession(sessionId);
  if (session.state === "ok") return succeed(sessionId, session.memberId);
  if (!challenge || session.state !== "checkpoint") throw new LinkedinProviderError("verification-failed", "The sign-in failed; sign in again");
  if (challenge.approved) return succeed(sessionId, session.memberId);
  assertOpen(challenge);
  return { status: "checkpoint", providerAccountId: sessionId, checkpoint: toCheckpoint(challenge, sessionId, baseUrl) };
}

async function replaceChallenge(sessionId: string, change: (challenge: Challenge) => Challenge, baseUrl: string): Promise<ProviderCheckpoint> {
  const { session, challenge } = await pendingSession(sessionId);
  if (!challenge || session.state !== "checkpoint") throw new LinkedinProviderError("verification-failed", "No verification step is pending");
  const next = change(challenge);
  await db.sandboxSession.update({ where: { id: sessionId }, data: { challenge: next, updatedAt: now() } });
  return toCheckpoint(next, sessionId, baseUrl);
}

export function resendCheckpoint(sessionId: string, baseUrl: string): Promise<ProviderCheckpoint> {
  return replaceChallenge(
    sessionId,
    (challenge) => {
      if (challenge.type !== "OTP" && challenge.type !== "2FA") {
        throw new LinkedinProviderError("verification-failed", `A ${challenge.type} verification cannot be resent`);
      }
      return { ...challenge, requestedAt: now().toISOString(), resends: challenge.resends + 1, attempts: 0 };
    },
    baseUrl,
  );
}

export function tryAnotherWay(sessionId: string, baseUrl: string): Promise<ProviderCheckpoint> {
  return replaceChallenge(
    sessionId,
    (challenge) => {
      const type = ANOTHER_WAY[challenge.type];
      if (!type) throw new LinkedinProviderError("verification-failed", `LinkedIn offers no other way for a ${challenge.type} verification`);
      return { type, requestedAt: now().toISOString(), resends: 0, attempts: 0, approved: false };
    },
    baseUrl,
  );
}

/** The person approves the sign-in in the LinkedIn app, or solves the captcha (Sandbox page). */
export async function approveSandboxSignIn(sessionId: string): Promise<void> {
  await replaceChallenge(sessionId, (challenge) => ({ ...challenge, approved: true }), "");
}

export async function getAccountState(sessionId: string): Promise<ProviderAccountState> {
  const session = await db.sandboxSession.findUnique({ where: { id: sessionId } });
  if (!session || session.state === "disconnected") return "disconnected";
  if (session.state === "checkpoint") return "checkpoint";
  const member = await db.sandboxMember.findUnique({ where: { id: session.memberId } });
  return member?.restricted ? "restricted" : "ok";
}

export async function disconnect(sessionId: string): Promise<void> {
  await db.sandboxSession.updateMany({ where: { id: sessionId }, data: { state: "disconnected", updatedAt: now() } });
}
