import { expect, it } from "vitest";
import { dataSourceInWords, leadSourceInWords } from "./lead-source";

it("names a lead's provenance for the team", () => {
  expect(leadSourceInWords("csv", "leads.csv")).toBe("CSV file leads.csv");
  expect(leadSourceInWords("csv", null)).toBe("CSV file");
  expect(leadSourceInWords("api", "Zapier")).toBe("API key Zapier");
  expect(leadSourceInWords("dashboard", "added by Ana Lopez")).toBe("Dashboard, added by Ana Lopez");
  expect(leadSourceInWords("linkedin-search", "https://www.linkedin.com/search/results/people/?keywords=cto")).toBe("LinkedIn search https://www.linkedin.com/search/results/people/?keywords=cto");
  expect(leadSourceInWords("something-new", null)).toBe("Unknown source");
});

it("names the data source for the person in the notice line", () => {
  expect(dataSourceInWords("csv", "leads.csv")).toBe("a CSV file (leads.csv)");
  expect(dataSourceInWords("csv", null)).toBe("a CSV file");
  expect(dataSourceInWords("company-database", "added by Ana")).toBe("our company database");
  expect(dataSourceInWords("linkedin-search", "https://x")).toBe("LinkedIn search");
  // Who in the team added them is not the person's business.
  expect(dataSourceInWords("dashboard", "added by Ana Lopez")).toBe("our records");
  expect(dataSourceInWords("api", "Zapier")).toBe("our records");
});
