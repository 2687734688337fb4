"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TMailboxOrder } from "@/server/schemas/mailbox-order";
import { formatMoney, orderTitle } from "./order-format";

/** Cancelling stops the pipeline where it is and says what comes back: the payment, refunded. */
export function CancelOrderDialog({ order, onClose }: { order: TMailboxOrder; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cancel = useMutation(
    trpc.mailboxOrders.cancel.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.mailboxOrders.pathKey() });
        onClose();
      },
    }),
  );
  const paid = order.payment.status === "paid" || order.payment.status === "partially_refunded";
  const refundable = order.totals.totalCents - order.payment.refundedCents;
  return (
    <Dialog title={`Cancel the order of ${orderTitle(order)}?`} onClose={onClose} size="sm">
      <div className="space-y-4 text-sm text-slate-600">
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Herald stops working on it: no further domain is registered and no further mailbox is made.</li>
          {paid ? (
            <li>
              The payment is refunded (<span className="font-medium text-slate-800">{formatMoney(refundable, order.totals.currency)}</span>) to the card it came from.
            </li>
          ) : (
            <li>Nothing was charged for it, so nothing is refunded.</li>
          )}
        </ul>
        {cancel.error && <Alert tone="error">{errorMessage(cancel.error)}</Alert>}
        <DialogActions
          danger
          onCancel={onClose}
          cancelLabel="Keep the order"
          label={paid ? "Cancel and refund" : "Cancel order"}
          busyLabel="Cancelling…"
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate({ orderId: order.id })}
        />
      </div>
    </Dialog>
  );
}
