import { z } from "zod";
import { defineOperation } from "../../../http/api-operation";

export const exportDoNotContactCsvOperation = defineOperation({
  operationId: "exportDoNotContactCsv",
  method: "get",
  path: "/do-not-contact/export",
  summary: "The do-not-contact list as CSV",
  description:
    "Beyond the spec. A CSV file (RFC 4180, UTF-8, a header line) with every entry, newest first: `kind`, `value`, `reason` (in words, e.g. \"Unsubscribed\"), `note`, `added at` (ISO 8601, UTC), `added by` (the member, or \"Herald\" for unsubscribes, complaints and bounces). An erased person's entry reads `email (erased)` (or its kind) with the hash it is matched by as its value. A cell that a spreadsheet would read as a formula starts with an apostrophe.",
  tags: ["Do not contact"],
  response: z.string().meta({ description: "The CSV text" }),
  responseMediaType: "text/csv",
  acceptsWorkspaceHeader: true,
});
