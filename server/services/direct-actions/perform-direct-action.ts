// The shape every direct action shares: resolve the sender and the profile, record the intent
// within the caps, act on LinkedIn, and record the outcome. Failures at LinkedIn are recorded on the
// action and answered with the matching API error.
import { db } from "../../db/client";
import type { Lead, LinkedinAccount, SenderAction } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { LinkedinProvider, MemberProfile } from "../../providers/linkedin/types";
import type { TDirectAction } from "../../schemas/direct-action";
import { leadSourceDetail } from "../leads/lead-source-detail";
import { upsertLeadFromProfile } from "../leads/upsert-lead-from-profile";
import { checkSenderCanAct } from "../senders/check-sender-can-act";
import { findSender } from "../senders/find-sender";
import { isProviderError, providerErrorToHerald } from "../senders/provider-error";
import { failSenderAction } from "./fail-sender-action";
import { reserveOrRefuse, type ActionIntent } from "./reserve-sender-action";
import { toDirectAction } from "./to-direct-action";

export interface DirectActionPlan {
  type: ActionIntent["type"];
  /** Checks the profile and lead before anything is recorded (throw to refuse). */
  check?: (context: { account: LinkedinAccount; profile: MemberProfile; lead: Lead }) => Promise<Partial<ActionIntent>> | Partial<ActionIntent> | void;
  /** Acts on LinkedIn; returns what to record on success. */
  act: (context: { provider: LinkedinProvider; account: LinkedinAccount; profile: MemberProfile; lead: Lead; action: SenderAction }) => Promise<{
    status: "pending" | "done";
    providerRef?: string;
    postUrl?: string;
  }>;
}

export async function performDirectAction(actor: Actor, accountId: string, profileUrl: string, plan: DirectActionPlan): Promise<TDirectAction> {
  const account = await findSender(actor, accountId);
  checkSenderCanAct(account);
  const provider = await getLinkedinProvider();
  let profile: MemberProfile;
  try {
    profile = await provider.getProfile(account.providerAccountId, profileUrl);
  } catch (error) {
    if (isProviderError(error)) throw providerErrorToHerald(error);
    throw error;
  }
  const lead = await upsertLeadFromProfile(actor.workspaceId, profile, "direct-action", db, await leadSourceDetail(actor, "direct-action"));
  const extra = (await plan.check?.({ account, profile, lead })) ?? {};
  const action = await db.$transaction((tx) =>
    reserveOrRefuse(tx, account, {
      type: plan.type,
      source: "direct",
      leadId: lead.id,
      profileUrl: profile.profileUrl,
      publicIdentifier: profile.publicIdentifier,
      honourWeeklyBypass: true,
      ...extra,
    }),
  );
  try {
    const outcome = await plan.act({ provider, account, profile, lead, action });
    const updated = await db.senderAction.update({
      where: { id: action.id },
      data: { status: outcome.status, providerRef: outcome.providerRef, postUrl: outcome.postUrl ?? action.postUrl, sentAt: now(), updatedAt: now() },
    });
    await db.lead.update({ where: { id: lead.id }, data: { lastActivityAt: now() } });
    return toDirectAction(updated);
  } catch (error) {
    return failSenderAction(account, action.id, error);
  }
}
