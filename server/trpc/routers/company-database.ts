// The Companies page's procedures: company and people search (each result spends an AI credit),
// filter-value typeahead (free), and turning people into leads of a campaign or list.
import {
  ZAddDatabasePeopleInput,
  ZCompanySearchInput,
  ZFilterValuesInput,
  ZPersonSearchInput,
} from "../../schemas/company-database";
import { addDatabasePeople } from "../../services/company-database/add-database-people";
import { searchCompanies } from "../../services/company-database/search-companies";
import { searchPeople } from "../../services/company-database/search-people";
import { suggestFilterValues } from "../../services/company-database/suggest-filter-values";
import { router, workspaceProcedure } from "../init";

export const companyDatabaseRouter = router({
  /** A mutation: it spends credits, so it never runs again by itself (refetch, focus). */
  searchCompanies: workspaceProcedure.input(ZCompanySearchInput).mutation(({ ctx, input }) => searchCompanies(ctx.actor, input)),
  searchPeople: workspaceProcedure.input(ZPersonSearchInput).mutation(({ ctx, input }) => searchPeople(ctx.actor, input)),
  filterValues: workspaceProcedure.input(ZFilterValuesInput).query(({ ctx, input }) => suggestFilterValues(ctx.actor, input)),
  addPeople: workspaceProcedure.input(ZAddDatabasePeopleInput).mutation(({ ctx, input }) => addDatabasePeople(ctx.actor, input)),
});
