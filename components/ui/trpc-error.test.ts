import { describe, expect, it } from "vitest";
import { errorMessage } from "./trpc-error";

const trpcError = (message: string, fields: Array<{ field: string; message: string }>) => ({ message, data: { fields } });

describe("errorMessage", () => {
  it("words a schema check's error by the labels of the fields it names, once", () => {
    const text = errorMessage(trpcError("Invalid name: must not be empty", [{ field: "name", message: "must not be empty" }]));
    expect(text).not.toContain("Invalid name");
    expect(text).toContain("must not be empty");
    expect(text!.match(/must not be empty/g)).toHaveLength(1);
  });

  it("keeps a message written for people, which says more than its field list", () => {
    const message = "Leads are in progress: only copy and delays may change and steps be appended; this removes step thanks (message)";
    expect(errorMessage(trpcError(message, [{ field: "sequence.steps", message: "removes step thanks (message)" }]))).toBe(message);
  });

  it("gives the server's message when no field is named, and nothing for no error", () => {
    expect(errorMessage({ message: "The sender is paused." })).toBe("The sender is paused.");
    expect(errorMessage(null)).toBeNull();
  });
});
