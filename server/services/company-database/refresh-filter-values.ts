import { db, type DbClient } from "../../db/client";

/** Rebuilds DatabaseFilterValue from the companies and people (placeholder). */
export async function refreshFilterValues(client: DbClient = db): Promise<void> {
  void client;
}
