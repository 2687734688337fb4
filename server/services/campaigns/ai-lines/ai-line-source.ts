// What a lead's AI lines are written from: its profile (name, headline, job title, company,
// location) and its latest LinkedIn post, read through the lead's sender when it has one and the
// lead a LinkedIn member id (an e-mail-only lead's lines rest on its profile alone). Reading the post
// is best effort: a LinkedIn error leaves it out rather than holding the step.
import { db } from "../../../db/client";
import type { Lead } from "../../../db/generated/client";
import { logger } from "../../../lib/logger";
import { getLinkedinProvider } from "../../../providers/linkedin";
import type { PostSummary } from "../../../providers/linkedin/types";
import type { AiLineSource } from "./write-ai-lines";

type LeadFacts = Pick<Lead, "firstName" | "lastName" | "headline" | "jobTitle" | "company" | "location" | "memberId">;

/** The lead's latest recent post as its sender reads it, or null (no sender, no member id, none, or LinkedIn failing). */
export async function latestPostOf(lead: LeadFacts, linkedinAccountId: string | null): Promise<PostSummary | null> {
  if (!linkedinAccountId || !lead.memberId) return null;
  const sender = await db.linkedinAccount.findUnique({ where: { id: linkedinAccountId }, select: { providerAccountId: true } });
  if (!sender?.providerAccountId) return null;
  try {
    const provider = await getLinkedinProvider();
    return (await provider.listRecentPosts(sender.providerAccountId, lead.memberId, 1))[0] ?? null;
  } catch (error) {
    logger.warn("Reading a lead's latest post for its AI lines failed; the lines are written without it", { error });
    return null;
  }
}

export function aiLineSource(lead: LeadFacts, post: PostSummary | null, senderName: string | null): AiLineSource {
  return {
    lead: { firstName: lead.firstName, lastName: lead.lastName, headline: lead.headline, jobTitle: lead.jobTitle, company: lead.company, location: lead.location },
    post: post ? { text: post.text, url: post.url } : null,
    sender: { fullName: senderName },
  };
}
