import type { Actor } from "../../lib/actor";
import { isConnected } from "../../domain/sequence/decide-step";
import { HeraldError } from "../../lib/errors";
import type { TConnectionRequestInput, TDirectAction } from "../../schemas/direct-action";
import { performDirectAction } from "./perform-direct-action";

/**
 * Sends a connection request (POST /accounts/{id}/connections). Notes are a Premium feature: a free
 * sender sends the invitation without it. 409 while an invitation to the profile is pending; 429 at
 * the daily cap or the weekly limit (unless the workspace bypasses the weekly limit).
 */
export async function sendConnectionRequest(actor: Actor, accountId: string, input: TConnectionRequestInput): Promise<TDirectAction> {
  const { profileUrl, note } = input;
  return performDirectAction(actor, accountId, profileUrl, {
    type: "invitation",
    check: ({ account, profile }) => {
      if (isConnected(profile)) {
        throw new HeraldError({
          code: "already-connected",
          message: `${profile.firstName} ${profile.lastName} is already a connection of this sender.`,
        });
      }
      if (profile.invitationPending) {
        throw new HeraldError({ code: "invitation-pending", message: "An invitation from this sender to this profile is already pending." });
      }
      return { note: account.isPremium && note ? note : null };
    },
    act: async ({ provider, account, profile, action }) => {
      const sent = await provider.sendInvitation(account.providerAccountId, { memberId: profile.memberId, note: action.note ?? undefined });
      return { status: "pending", providerRef: sent.invitationId };
    },
  });
}
