import { describe, expect, it } from "vitest";
import { COUNTRIES, DEGREES, DEPARTMENTS, INDUSTRIES, INVESTORS, TECHNOLOGIES } from "@/server/services/company-database/generator/vocabulary";
import { displayCase } from "./display-case";

describe("a database value written for people", () => {
  it("capitalises words, keeps minor words inside a value lower case", () => {
    expect(displayCase("united states")).toBe("United States");
    expect(displayCase("United states")).toBe("United States");
    expect(displayCase("bosnia and herzegovina")).toBe("Bosnia and Herzegovina");
    expect(displayCase("the bahamas")).toBe("The Bahamas");
    expect(displayCase("rio de janeiro")).toBe("Rio de Janeiro");
    expect(displayCase("île-de-france")).toBe("Île-de-France");
    expect(displayCase("north rhine-westphalia")).toBe("North Rhine-Westphalia");
    expect(displayCase("information technology and services")).toBe("Information Technology and Services");
    expect(displayCase("hospital & health care")).toBe("Hospital & Health Care");
    expect(displayCase("electrical/electronic manufacturing")).toBe("Electrical/Electronic Manufacturing");
    expect(displayCase("são paulo")).toBe("São Paulo");
  });

  it("writes acronyms and brands their way, whatever case they come in", () => {
    expect(displayCase("vp")).toBe("VP");
    expect(displayCase("Vp")).toBe("VP");
    expect(displayCase("vp of sales")).toBe("VP of Sales");
    expect(displayCase("co-founder & ceo")).toBe("Co-Founder & CEO");
    expect(displayCase("head of it")).toBe("Head of IT");
    expect(displayCase("cto")).toBe("CTO");
    expect(displayCase("usa")).toBe("USA");
    expect(displayCase("uk")).toBe("UK");
    expect(displayCase("b2b saas sales")).toBe("B2B SaaS Sales");
    expect(displayCase("mba")).toBe("MBA");
    expect(displayCase("r&d")).toBe("R&D");
    expect(displayCase("javascript")).toBe("JavaScript");
    expect(displayCase("node.js")).toBe("Node.js");
    expect(displayCase("ci/cd")).toBe("CI/CD");
  });

  it("keeps a word the source capitalised its own way, and a minor word that starts the value is capitalised", () => {
    expect(displayCase("McKinsey & Company")).toBe("McKinsey & Company");
    expect(displayCase("VP of Sales")).toBe("VP of Sales");
    expect(displayCase("of montreal")).toBe("Of Montreal");
    expect(displayCase("")).toBe("");
  });

  it("changes only the case of letters, so a value shown and given back as a filter matches the same rows", () => {
    const values = [
      ...INDUSTRIES.map(([industry]) => industry),
      ...COUNTRIES.flatMap(([place]) => [place.country, place.continent, ...place.languages, ...place.places.flat()]),
      ...TECHNOLOGIES.map(([technology]) => technology),
      ...INVESTORS,
      ...DEGREES.map(([degree]) => degree),
      ...DEPARTMENTS.flatMap(([department]) => [...department.skills, ...department.fields]),
      "straße", "ßeta", "istanbul", "i̇zmir",
    ];
    for (const value of values) {
      expect(displayCase(value).toLowerCase(), value).toBe(value.toLowerCase());
      expect(displayCase(displayCase(value)), value).toBe(displayCase(value));
    }
  });
});
