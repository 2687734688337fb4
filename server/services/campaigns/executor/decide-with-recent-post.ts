import { decideStep, type StepDecision, type StepFacts } from "../../../domain/sequence/decide-step";
import type { LinkedinProvider, PostSummary } from "../../../providers/linkedin/types";

/**
 * The core's decision for a step, reading the lead's latest recent post first when it asks for one
 * (a comment, a like: decideStep's `read-posts`). The provider's errors are the caller's to handle.
 */
export async function decideWithRecentPost(
  provider: Pick<LinkedinProvider, "listRecentPosts">,
  accounts: { senderAccountId: string; memberId: string },
  facts: StepFacts,
): Promise<{ decision: StepDecision; post: PostSummary | null }> {
  const decision = decideStep(facts);
  if (decision.kind !== "read-posts") return { decision, post: null };
  const post = (await provider.listRecentPosts(accounts.senderAccountId, accounts.memberId, 1))[0] ?? null;
  return { decision: decideStep({ ...facts, recentPost: post !== null }), post };
}
