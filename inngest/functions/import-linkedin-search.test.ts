// Contract of import-linkedin-search with Inngest's own test engine: one run per import at a time,
// one step per page until the search is done. The service is mocked (no database).
import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { importSearchPage } from "@/server/services/lead-imports/import-search-page";
import { syncedFunction } from "../../server/test/inngest-contract";
import { importLinkedinSearch } from "./import-linkedin-search";

vi.mock("@/server/services/lead-imports/import-search-page", () => ({ importSearchPage: vi.fn() }));

const engine = () =>
  new InngestTestEngine({ function: importLinkedinSearch, events: [{ name: "herald/lead-import.requested", data: { importId: "import-1", workspaceId: "workspace-1" } }] });

afterEach(() => vi.mocked(importSearchPage).mockReset());

describe("import-linkedin-search", () => {
  it("is triggered by herald/lead-import.requested, one run per import at a time, retried four times", async () => {
    const { config, spec } = await syncedFunction(importLinkedinSearch);
    expect(config.triggers).toEqual([{ event: "herald/lead-import.requested" }]);
    expect(config.concurrency).toEqual({ limit: 1, key: "event.data.importId" });
    expect(spec).toMatchObject({ maxAttempts: 5, concurrency: [{ limit: 1, key: "event.data.importId", scope: "fn" }] });
  });

  it("reads page after page, each in its own step, until the import is done", async () => {
    vi.mocked(importSearchPage)
      .mockResolvedValueOnce({ done: false, created: 10 })
      .mockResolvedValueOnce({ done: false, created: 7 })
      .mockResolvedValueOnce({ done: true, created: 2 });
    const { result, ctx } = await engine().execute();
    expect(result).toEqual({ pages: 3, created: 19 });
    expect(importSearchPage).toHaveBeenCalledTimes(3);
    expect(importSearchPage).toHaveBeenCalledWith("import-1");
    expect(new Set(ctx.step.run.mock.calls.map(([id]) => id))).toEqual(new Set(["page-1", "page-2", "page-3"]));
  });

  it("lets Inngest retry a page that failed (a transient LinkedIn error)", async () => {
    vi.mocked(importSearchPage).mockRejectedValue(new Error("LinkedIn timed out"));
    const { step } = await engine().executeStep("page-1");
    expect(step.op).toBe("StepError");
  });
});
