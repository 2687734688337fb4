// Pipeline step `placed`: every live domain is registered (or was the workspace's already).
import { DONE, moveOrderStatus, orderForStep, STOPPED, type StepOutcome } from "./order-step";

export async function markOrderPlaced(orderId: string): Promise<StepOutcome> {
  const found = await orderForStep(orderId, ["paid", "placing", "placing_unknown"]);
  if (!found.order) return found.outcome;
  return (await moveOrderStatus(orderId, ["paid", "placing", "placing_unknown"], "placed")) ? DONE : STOPPED;
}
