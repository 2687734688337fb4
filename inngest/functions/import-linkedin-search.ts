// Reads a LinkedIn search page by page (one step per page, so a restart resumes where it stopped)
// and makes the people leads. Progress is on the import row; GET /lead-imports/{id} reads it.
import { importSearchPage } from "@/server/services/lead-imports/import-search-page";
import { inngest } from "../client";
import { leadImportRequested } from "../events";

const MAX_PAGES = 200;

export const importLinkedinSearch = inngest.createFunction(
  {
    id: "import-linkedin-search",
    name: "Import a LinkedIn search",
    triggers: [leadImportRequested],
    concurrency: { limit: 1, key: "event.data.importId" },
    retries: 4,
  },
  async ({ event, step }) => {
    let created = 0;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const result = await step.run(`page-${page}`, () => importSearchPage(event.data.importId));
      created += result.created;
      if (result.done) return { pages: page, created };
    }
    return { pages: MAX_PAGES, created };
  },
);
