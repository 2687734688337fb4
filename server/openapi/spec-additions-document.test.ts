// The OpenAPI document names the values Herald adds to the spec's value sets, where a consumer's
// exhaustive switch would meet them (the field's description) and in its introduction; and it
// documents the defaults the server applies to a sequence step.
import { describe, expect, it } from "vitest";
import { ZDeliverabilityLanding, ZDeliverabilityTest } from "../schemas/mailbox-health";
import { STEP_TYPES } from "../schemas/sequence";
import { SPEC_ADDITIONS } from "../schemas/spec-additions";
import { buildOpenApiDocument } from "./document";

type Schema = { description?: string; default?: unknown; properties?: Record<string, Schema>; anyOf?: Schema[] };
const document = buildOpenApiDocument();
const schemas = document.components!.schemas as Record<string, Schema>;
/** A property's description, looking through a nullable's anyOf. */
const described = (schema: Schema | undefined) => schema?.description ?? schema?.anyOf?.find((option) => option.description)?.description ?? "";

describe("Herald's additions to the spec's value sets in the OpenAPI document", () => {
  it("lists every addition in the introduction's own section", () => {
    const intro = document.info.description!;
    expect(intro).toContain("**Values Herald adds to the spec's sets.**");
    const section = intro.slice(intro.indexOf("**Values Herald adds to the spec's sets.**"));
    for (const value of ["promotions", "not-arrived", "seed", "read", "email"]) expect(section).toContain(`\`${value}\``);
    expect(section).toContain("deliverabilityTest.landing");
    expect(section).toContain("deliverabilityTest.failure");
  });

  it("marks each added value in the description of the field that carries it", () => {
    const test = schemas.DeliverabilityTest!.properties!;
    expect(described(test.landing)).toMatch(/Herald adds to the spec's set \(inbox, spam, or not arrived within 10 minutes\): `promotions` \(.+\); `not-arrived` \(/);
    expect(described(test.failure)).toMatch(/Herald adds to the spec's set \(sample `send`\): `seed` \(.+\); `read` \(/);
    expect(described(schemas.SequenceStep!.properties!.type)).toContain("`email` (");
  });

  it("names only values the fields really take", () => {
    const failures = ZDeliverabilityTest.shape.failure.unwrap().options as readonly string[];
    expect(ZDeliverabilityLanding.options).toEqual(expect.arrayContaining(Object.keys(SPEC_ADDITIONS.landing.values)));
    expect(failures).toEqual(expect.arrayContaining(Object.keys(SPEC_ADDITIONS.failure.values)));
    expect(STEP_TYPES).toEqual(expect.arrayContaining(Object.keys(SPEC_ADDITIONS.stepType.values)));
  });

  it("gives the defaults the server applies to a step", () => {
    const step = schemas.SequenceStep!.properties!;
    expect(step.nextDelayHours!.default).toBe(0);
    expect(step.nextDelayHours!.description).toContain("default 72");
    expect(step.config!.properties!.whenUnable!.default).toBe("auto");
    expect(step.config!.properties!.withdrawDays!.default).toBe(14);
    expect(step.branchDelays!.description).toContain("withdrawDays × 24");
  });
});
