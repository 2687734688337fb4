import { resetEnv } from "../env";

/**
 * Tests that compare every page's totalCount with an oracle want exact counts whatever PostgreSQL
 * expects (the installation default estimates broad searches: HERALD_SEARCH_EXACT_COUNT_UP_TO).
 */
export function countSearchesExactly(): void {
  process.env.HERALD_SEARCH_EXACT_COUNT_UP_TO = "1000000";
  resetEnv();
}
