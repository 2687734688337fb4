// How long until something may be tried again, in the words a person reads: shared by the
// server's refusals (the 429's message) and the pages that add the wait to a refusal.

/** "in 3 hours", "in 12 minutes", "in 40 seconds". */
export function formatRetryAfter(seconds: number): string {
  if (seconds >= 5400) return `in ${Math.round(seconds / 3600)} hours`;
  if (seconds >= 3600) return "in an hour";
  if (seconds >= 90) return `in ${Math.round(seconds / 60)} minutes`;
  if (seconds >= 60) return "in a minute";
  return `in ${Math.max(1, Math.round(seconds))} seconds`;
}
