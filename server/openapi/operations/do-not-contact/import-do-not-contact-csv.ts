import { ZImportDoNotContactInput, ZImportDoNotContactResult } from "../../../schemas/do-not-contact";
import { defineOperation } from "../../../http/api-operation";

export const importDoNotContactCsvOperation = defineOperation({
  operationId: "importDoNotContactCsv",
  method: "post",
  path: "/do-not-contact/import",
  summary: "Import a CSV file onto the do-not-contact list",
  description:
    "Beyond the spec. The file's text goes in `csv` (JSON, like every body of this API; up to 12 MB and 100,000 rows). It has a header line, then either the columns `kind`, `value` and optionally `note` (in any order, other columns ignored: a file from GET /do-not-contact/export imports again), or a single column of values whose kind is guessed: a value with `@` is an e-mail address, one with `linkedin.com/in/` a LinkedIn profile, one shaped like a domain a domain; any other row is refused (companies need the `kind,value` layout). Commas, semicolons or tabs separate the columns (the header's most frequent). The rows are added with the reason `csv` in one transaction; the answer counts them and lists, by line number (the header is line 1), the rows already listed and the rows refused with why (the first 1,000 of each). A file that is not CSV, has no header, or more than 100,000 rows is refused whole with 400.",
  tags: ["Do not contact"],
  body: ZImportDoNotContactInput,
  response: ZImportDoNotContactResult,
  acceptsWorkspaceHeader: true,
});
