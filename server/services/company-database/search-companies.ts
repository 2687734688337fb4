import type { Actor } from "../../lib/actor";
import type { TCompanySearchInput, TCompanySearchResult } from "../../schemas/company-database";

/** POST /database/companies/search: one page of companies, one AI credit per result (placeholder). */
export async function searchCompanies(actor: Actor, input: TCompanySearchInput): Promise<TCompanySearchResult> {
  void actor;
  void input;
  throw new Error("searchCompanies is not built yet");
}
