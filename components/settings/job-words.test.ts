import { describe, expect, it } from "vitest";
import { formatDateTime } from "@/components/ui/format";
import { triggerWords, waitWords } from "./job-words";

describe("the background jobs page's words", () => {
  it("names what started a run instead of Inngest's event names, and shows an unknown event as it is", () => {
    expect(triggerWords("inngest/scheduled.timer")).toBe("On its schedule");
    expect(triggerWords("herald/webhook.delivery.requested")).toBe("A webhook delivery was queued");
    expect(triggerWords("herald/something.new")).toBe("herald/something.new");
  });

  it("writes a wait's time as a date and time, not an ISO timestamp", () => {
    const until = "2026-12-01T22:11:41.271Z";
    expect(waitWords(`sleeping until ${until}`)).toBe(`Sleeping until ${formatDateTime(until)}`);
    expect(waitWords(`waiting for herald/mailbox-read.due until ${until}`)).not.toContain("T22:11");
  });
});
