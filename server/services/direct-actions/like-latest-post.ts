import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { TDirectActionInput, TDirectAction } from "../../schemas/direct-action";
import { isProviderError, providerErrorToHerald } from "../senders/provider-error";
import { performDirectAction } from "./perform-direct-action";

/** Likes the member's most recent post (POST /accounts/{id}/post-likes); 422 when there is none. */
export async function likeLatestPost(actor: Actor, accountId: string, input: TDirectActionInput): Promise<TDirectAction> {
  const { profileUrl } = input;
  let postId = "";
  return performDirectAction(actor, accountId, profileUrl, {
    type: "post_like",
    check: async ({ account, profile }) => {
      const provider = await getLinkedinProvider();
      const posts = await provider.listRecentPosts(account.providerAccountId, profile.memberId, 1).catch((error: unknown) => {
        throw isProviderError(error) ? providerErrorToHerald(error) : error;
      });
      const latest = posts[0];
      if (!latest) {
        throw new HeraldError({ code: "no-recent-post", message: `${profile.firstName} ${profile.lastName} has no recent post to like.` });
      }
      postId = latest.postId;
      return { postUrl: latest.url };
    },
    act: async ({ provider, account }) => {
      await provider.reactToPost(account.providerAccountId, postId);
      return { status: "done" };
    },
  });
}
