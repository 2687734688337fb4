// What Herald records of a recipient's opens and clicks (server/services/mail/tracking): nothing
// within the grace period after sending, an open only where the e-mail carries the pixel, a click
// only on a tracked link, and a click as an open too when none was seen before it. The forecast
// reads the outcome model's moments through this, so it counts what the executor will record. Pure.

/**
 * Opens and clicks this soon after sending are not the recipient: mail servers' link scanners and
 * preview fetchers open every image and link of an e-mail the moment it arrives.
 */
export const TRACKING_GRACE_MS = 2 * 60 * 1000;

export interface RecipientMoments {
  sentAt: number;
  /** When the recipient opens the e-mail and clicks its first link (null: never). */
  openAt: number | null;
  clickAt: number | null;
  /** The e-mail carries the open pixel, and tracked links. */
  opensTracked: boolean;
  clicksTracked: boolean;
}

/** The first open and the first click Herald records for the e-mail (null: none). */
export function recordedActivity(moments: RecipientMoments): { openedAt: number | null; clickedAt: number | null } {
  const seen = (at: number | null, tracked: boolean) => (tracked && at !== null && at - moments.sentAt >= TRACKING_GRACE_MS ? at : null);
  const open = seen(moments.openAt, moments.opensTracked);
  const clickedAt = seen(moments.clickAt, moments.clicksTracked);
  const openedAt = open === null ? clickedAt : clickedAt === null ? open : Math.min(open, clickedAt);
  return { openedAt, clickedAt };
}
