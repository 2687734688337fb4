"use client";
// Cancelling a managed mailbox's subscription: it keeps working until its paid month ends, then it
// is removed. The domain's admin mailbox asks once more (409 admin-mailbox): after it, no mailbox
// can be added to the domain.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { errorCode } from "@/components/ui/trpc-error";
import type { TMailbox } from "@/server/schemas/mailbox";
import { formatDay } from "./mailbox-display";

export function CancelManagedDialog({ mailbox, onClose }: { mailbox: TMailbox & { managed: NonNullable<TMailbox["managed"]> }; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [adminAsked, setAdminAsked] = useState(false);
  const cancel = useMutation(
    trpc.mailboxOrders.cancelManaged.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.mailboxes.pathKey() });
        onClose();
      },
      onError: (error) => {
        if (errorCode(error) === "admin-mailbox") setAdminAsked(true);
      },
    }),
  );
  const { managed } = mailbox;
  const askingAdmin = adminAsked && errorCode(cancel.error) === "admin-mailbox";
  return (
    <Dialog title={askingAdmin ? `Cancel the admin mailbox of ${managed.domain}?` : `Cancel ${mailbox.email}?`} onClose={onClose} size="sm">
      <div className="space-y-4 text-sm text-slate-600">
        {askingAdmin ? (
          <Alert tone="warning">
            <span data-testid="admin-mailbox-warning">
              {mailbox.email} is the admin mailbox of {managed.domain}. Once it is cancelled, no mailbox can be added to {managed.domain} any more; the
              domain&apos;s other mailboxes keep working until they are cancelled themselves.
            </span>
          </Alert>
        ) : (
          <ul className="list-disc space-y-1.5 pl-5">
            <li>
              It keeps sending until <span className="font-medium text-slate-800">{formatDay(managed.renewsAt)}</span>, the end of the month already paid, and
              is not charged again.
            </li>
            <li>On that day it is removed from Herald and from {managed.domain}: its campaigns continue with their other mailboxes.</li>
          </ul>
        )}
        {cancel.error && !askingAdmin && <ErrorAlert error={cancel.error} />}
        <DialogActions
          danger
          onCancel={onClose}
          cancelLabel="Keep it"
          label={askingAdmin ? "Cancel the admin mailbox" : "Cancel subscription"}
          busyLabel="Cancelling…"
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate({ mailboxId: mailbox.id, confirmAdmin: askingAdmin })}
        />
      </div>
    </Dialog>
  );
}
