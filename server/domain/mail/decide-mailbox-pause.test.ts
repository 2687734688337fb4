import { describe, expect, it } from "vitest";
import { decideMailboxPause, mailboxPauseMessage, MAILBOX_RATE_MIN_SENT } from "./decide-mailbox-pause";

const LIMITS = { maxBounceRate: 0.05, maxComplaintRate: 0.005 };

describe("decideMailboxPause", () => {
  it("says nothing below the minimum of e-mails sent, whatever the rates", () => {
    expect(decideMailboxPause({ sent: MAILBOX_RATE_MIN_SENT - 1, bounced: 10, complained: 5 }, LIMITS)).toBeNull();
  });

  it("pauses past the bounce rate, not at it", () => {
    expect(decideMailboxPause({ sent: 20, bounced: 1, complained: 0 }, LIMITS)).toBeNull();
    expect(decideMailboxPause({ sent: 40, bounced: 2, complained: 0 }, LIMITS)).toBeNull();
    expect(decideMailboxPause({ sent: 40, bounced: 3, complained: 0 }, LIMITS)).toBe("bounce-rate");
  });

  it("pauses past the complaint rate, and names the complaints first", () => {
    expect(decideMailboxPause({ sent: 200, bounced: 0, complained: 1 }, LIMITS)).toBeNull();
    expect(decideMailboxPause({ sent: 200, bounced: 0, complained: 2 }, LIMITS)).toBe("complaint-rate");
    expect(decideMailboxPause({ sent: 20, bounced: 5, complained: 1 }, LIMITS)).toBe("complaint-rate");
  });

  it("words the reason with the counts", () => {
    expect(mailboxPauseMessage("bounce-rate", { sent: 40, bounced: 3, complained: 0 })).toBe("Paused automatically: 3 of its last 40 e-mails bounced (7.5%)");
    expect(mailboxPauseMessage("complaint-rate", { sent: 200, bounced: 0, complained: 2 })).toBe(
      "Paused automatically: 2 of its last 200 e-mails were reported as spam (1%)",
    );
  });
});
