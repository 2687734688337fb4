import { describe, expect, it } from "vitest";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { customVariableNames } from "./custom-variables";

describe("custom variables for placeholders", () => {
  it("come from the leads and from the copy, without the standard fields", () => {
    const steps = wireSequence({ steps: [{ type: "message", config: { text: "Hi {{firstName}}, about {{ painPoint }} and {{city}}" } }] }).steps;
    const leads: Array<{ customVariables: Record<string, string> }> = [{ customVariables: { city: "Lyon", "bad name": "x" } }, { customVariables: { industry: "SaaS" } }];
    expect(customVariableNames(leads, steps)).toEqual(["city", "industry", "painPoint"]);
  });
});
