// Mailboxes are worked on a few at a time: each one's mail goes through its own provider (an SMTP
// or IMAP server, or the sandbox's database), so waiting on one need not hold up the others.

/** Mailboxes worked on at once in a tick (below the database pool's 10 connections). */
export const POOL_CONCURRENCY = 6;

/** Runs `work` for every item, at most `limit` at once; resolves when all are done (work handles its own errors). */
export async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(runners);
}
