// The provisioning pipeline of a paid (or resumed) mailbox order: register the domains, mark it
// placed, create the mail platform tenants and users, publish DNS, authorize and connect the
// mailboxes, complete. One step per external effect, each idempotent (its service writes its intent
// or looks before it acts: server/services/mailbox-orders/provisioning). A step that waits on the
// outside world (a registration becoming active, a tenant being verified) is looked at again after
// a sleep, sooner at first; each look judges the wait against the stage's expected time (delayed,
// then needs_attention past four times it). A step that fails after its retries holds the order
// for the team with a label; a cancel makes the next step stop the run. One run per order and round.
import { NonRetriableError } from "inngest";
import { pollDelayMs } from "@/server/domain/mailbox-orders/order-progress";
import { isHeraldError } from "@/server/lib/errors";
import { isProvisioningError } from "@/server/providers/provisioning-error";
import { authorizeOrderMailboxes } from "@/server/services/mailbox-orders/provisioning/authorize-order-mailboxes";
import { completeMailboxOrder } from "@/server/services/mailbox-orders/provisioning/complete-mailbox-order";
import { connectOrderMailboxes } from "@/server/services/mailbox-orders/provisioning/connect-order-mailboxes";
import { createOrderTenants } from "@/server/services/mailbox-orders/provisioning/create-order-tenants";
import { createOrderUsers } from "@/server/services/mailbox-orders/provisioning/create-order-users";
import { holdFailedOrder } from "@/server/services/mailbox-orders/provisioning/hold-mailbox-order";
import { markOrderPlaced } from "@/server/services/mailbox-orders/provisioning/mark-order-placed";
import { noteOrderWait } from "@/server/services/mailbox-orders/provisioning/note-order-wait";
import type { StepOutcome } from "@/server/services/mailbox-orders/provisioning/order-step";
import { placeOrderDomains } from "@/server/services/mailbox-orders/provisioning/place-order-domains";
import { publishOrderDns } from "@/server/services/mailbox-orders/provisioning/publish-order-dns";
import { inngest } from "../client";
import { mailboxOrderProvisionRequested } from "../events";

/** The steps in order, each with the stage whose words name it when it fails for good. */
const STEPS = [
  { id: "place-domains", stage: "placing", run: placeOrderDomains },
  { id: "mark-placed", stage: "placing", run: markOrderPlaced },
  { id: "create-tenants", stage: "provisioning", run: createOrderTenants },
  { id: "create-users", stage: "provisioning", run: createOrderUsers },
  { id: "publish-dns", stage: "provisioning", run: publishOrderDns },
  { id: "authorize-mailboxes", stage: "authorizing", run: authorizeOrderMailboxes },
  { id: "connect-mailboxes", stage: "connecting", run: connectOrderMailboxes },
  { id: "complete", stage: "connecting", run: completeMailboxOrder },
] as const;

/** Enough looks to pass four times the longest expected time at the slowest poll (5 minutes). */
const MOST_LOOKS = 40;

type Look = { state: "done" } | { state: "wait" } | { state: "stopped" };

async function look(run: (orderId: string) => Promise<StepOutcome>, orderId: string): Promise<Look> {
  let outcome: StepOutcome;
  try {
    outcome = await run(orderId);
  } catch (error) {
    // A lasting answer (a refusal, a Herald rule such as an invalid warmup strategy) is the same on
    // every retry: the order is held for the team at once.
    if ((isProvisioningError(error) && error.kind === "refused") || (isHeraldError(error) && error.status < 500)) {
      throw new NonRetriableError(error.message, { cause: error });
    }
    throw error;
  }
  if (outcome.state !== "waiting") return outcome;
  return { state: await noteOrderWait(orderId, outcome.waitingOn) };
}

export const provisionMailboxOrder = inngest.createFunction(
  {
    id: "provision-mailbox-order",
    name: "Provision a mailbox order",
    triggers: [mailboxOrderProvisionRequested],
    // One run per order and round, whatever repeats the event (the stalled-order sweep, a retry).
    idempotency: 'event.data.orderId + "-" + string(event.data.round)',
    concurrency: { key: "event.data.orderId", limit: 1 },
    retries: 4,
  },
  async ({ event, step }) => {
    const { orderId } = event.data;
    for (const { id, stage, run } of STEPS) {
      for (let attempt = 1; ; attempt++) {
        let result: Look;
        try {
          result = await step.run(`${id}-${attempt}`, () => look(run, orderId));
        } catch (error) {
          // Failed after its retries: the team looks at it and resumes the order (a new round).
          const reason = error instanceof Error ? error.message : String(error);
          await step.run(`hold-${id}`, () => holdFailedOrder(orderId, stage, reason));
          return { orderId, stoppedAt: id, held: true };
        }
        if (result.state === "stopped") return { orderId, stoppedAt: id, held: false };
        if (result.state === "done") break;
        if (attempt >= MOST_LOOKS) {
          await step.run(`hold-${id}`, () => holdFailedOrder(orderId, stage, "it was still waiting after every look"));
          return { orderId, stoppedAt: id, held: true };
        }
        await step.sleep(`${id}-wait-${attempt}`, pollDelayMs(attempt));
      }
    }
    return { orderId, stoppedAt: null, held: false };
  },
);
