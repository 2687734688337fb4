import type { Actor } from "../../lib/actor";
import type { TDirectActionInput, TDirectAction } from "../../schemas/direct-action";
import { performDirectAction } from "./perform-direct-action";

/** Views a profile as the sender (POST /accounts/{id}/profile-views): the member sees the visit. */
export async function visitProfile(actor: Actor, accountId: string, input: TDirectActionInput): Promise<TDirectAction> {
  const { profileUrl } = input;
  return performDirectAction(actor, accountId, profileUrl, {
    type: "profile_view",
    act: async ({ provider, account, profile }) => {
      await provider.visitProfile(account.providerAccountId, profile.memberId);
      return { status: "done" };
    },
  });
}
