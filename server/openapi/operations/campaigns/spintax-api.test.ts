// Spintax in a campaign's copy through POST/PATCH /campaigns, PATCH /campaigns/{id}/sequence/{stepId}
// and tRPC's campaigns.update: sound spintax is stored as written, broken spintax is a 400 naming the
// field and the character in plain words.
import { describe, expect, it, vi } from "vitest";
import { TRPCError } from "@trpc/server";
import type { Actor } from "@/server/lib/actor";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";
import { workspace } from "@/server/test/campaigns-api";

const session: { actor: Actor | null } = { actor: null };
vi.mock("@/server/auth/dashboard-session", () => ({ getSessionUserId: async () => session.actor?.userId ?? null, getSessionActor: async () => session.actor }));

const SOUND = {
  steps: [
    { type: "email", config: { subject: "{Quick|Short} idea for {{company|your team}}", text: "{Hi|{Hello|Hey} there} {{firstName|}}, \\{not a choice\\}" } },
    { type: "email", config: { text: "{Any thoughts|Still interested}?" } },
  ],
};

describe("spintax in a campaign's copy", () => {
  it("stores sound spintax as written, and refuses broken spintax with a 400 naming the field and the character", async () => {
    const { api } = await workspace();
    const created = await api.create({ name: "Spun", sequence: SOUND });
    expect(created.status).toBe(201);
    expect(created.body!.data.sequence.steps[0].config.subject).toBe("{Quick|Short} idea for {{company|your team}}");
    const id = created.body!.data.id;

    const broken = {
      steps: [
        SOUND.steps[0],
        { type: "email", config: { variants: [{ text: "Fine" }, { text: "{Any thoughts|Still interested?" }] } },
      ],
    };
    const refused = await api.patch(id, { sequence: broken });
    expect(refused.status).toBe(400);
    expect(refused.body!.error.code).toBe("invalid-input");
    expect(refused.body!.error.message).toBe("Invalid sequence.steps.1.config.variants.1.text: An opening brace at character 1 is never closed");
    expect(refused.body!.error.details.fields).toEqual([{ field: "sequence.steps.1.config.variants.1.text", message: "An opening brace at character 1 is never closed" }]);

    const created2 = await api.create({ name: "Broken", sequence: { steps: [{ type: "email", config: { subject: "Hello there}", text: "Hi" } }] } });
    expect(created2.status).toBe(400);
    expect(created2.body!.error.details.fields).toEqual([{ field: "sequence.steps.0.config.subject", message: "A closing brace at character 12 has no opening brace" }]);

    const stepId = created.body!.data.sequence.steps[1].id;
    const oneStep = await api.patchStep(id, stepId, { text: "{Thoughts|" });
    expect(oneStep.status).toBe(400);
    expect(oneStep.body!.error.message).toBe("Invalid text: An opening brace at character 1 is never closed");
    expect(oneStep.body!.error.details.fields).toEqual([{ field: "text", message: "An opening brace at character 1 is never closed" }]);
    expect((await api.get(id)).body!.data.sequence.steps[1].config.text).toBe("{Any thoughts|Still interested}?");
  });

  it("refuses broken spintax through the dashboard's update with the same words", async () => {
    const { api, userId, actor } = await workspace();
    session.actor = actor;
    const caller = createCallerFactory(appRouter)({ userId, clientAddress: "198.51.100.7" });
    const id = (await api.create({ name: "Spun", sequence: SOUND })).body!.data.id;
    const failure = await caller.campaigns
      .update({ id, changes: { sequence: { steps: [{ type: "message", config: { text: "Hi {there" } }] } } })
      .then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(TRPCError);
    expect((failure as TRPCError).code).toBe("BAD_REQUEST");
    expect((failure as TRPCError).message).toBe("Invalid sequence.steps.0.config.text: An opening brace at character 4 is never closed");
  });
});
