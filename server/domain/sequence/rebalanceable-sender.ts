// Which senders can work a campaign's leads, one rule for the rebalance operation and the dashboard's
// Rebalance button (the executor's query asks the same three things of the database).

export interface SenderState {
  connectionStatus: string;
  status: string;
  paused: boolean;
}

/** A sender that can take leads: connected, in status active and not paused. */
export function senderAvailable(sender: SenderState): boolean {
  return sender.connectionStatus === "connected" && sender.status === "active" && !sender.paused;
}

/**
 * The spec's "paused or failed sender", whose leads may be rebalanced: paused, in status error,
 * suspended or disconnected, or not connected (reconnect or verification pending). A sender that
 * was removed from the workspace (null) counts as failed: its leads would otherwise never move.
 */
export function senderRebalanceable(sender: SenderState | null): boolean {
  return sender === null || !senderAvailable(sender);
}
