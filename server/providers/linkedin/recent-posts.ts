// Which of a member's posts count as recent, for every provider alike: a comment step comments on the
// lead's newest recent post and skips a lead without one; a like step likes it.

/** A post older than this is not "recent": nobody comments on a months-old post out of the blue. */
export const RECENT_POST_DAYS = 30;

/** The oldest moment a recent post may have been published. */
export function recentPostsSince(at: Date): Date {
  return new Date(at.getTime() - RECENT_POST_DAYS * 86_400_000);
}
