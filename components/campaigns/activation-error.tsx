"use client";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import { campaignFieldErrors, firstErrorUnder } from "./field-errors";

/**
 * Why the campaign could not be activated (or paused), in plain words, with a way to the part at
 * fault: the campaign header opens the Settings tab, the guided set-up its Senders & mailboxes step.
 * An empty-pool error goes away once that pool is filled. Null when there is nothing to show.
 */
export function ActivationError({
  campaign,
  error,
  activating,
  onOpenPools,
  fix,
}: {
  campaign: TCampaign;
  error: unknown;
  activating: boolean;
  onOpenPools: () => void;
  /** Shown after a message that is not about the pools (a link to the step at fault). */
  fix?: ReactNode;
}) {
  if (!error) return null;
  const errors = campaignFieldErrors(error);
  const poolError = firstErrorUnder(errors, "linkedinAccountIds");
  const mailboxError = firstErrorUnder(errors, "emailAccountIds");
  // "The pool is empty" stops being true once senders (mailboxes) are added: the message goes with it.
  const poolsFilled = (!poolError || campaign.linkedinAccountIds.length > 0) && (!mailboxError || campaign.emailAccountIds.length > 0);
  if ((poolError || mailboxError) && poolsFilled) return null;
  return (
    <Alert tone="error">
      <p className="font-medium">The campaign could not be {activating ? "activated" : "paused"}.</p>
      {poolError || mailboxError ? (
        <p>
          {poolError && mailboxError
            ? "An active campaign needs at least one sender for its LinkedIn steps and one mailbox for its e-mail steps: "
            : poolError
              ? "An active campaign needs at least one sender in its pool: "
              : "An active campaign with e-mail steps needs at least one mailbox to send them: "}
          <button type="button" onClick={onOpenPools} className="font-medium underline">
            {poolError ? "open the sender pool" : "choose its mailboxes"}
          </button>
          .
        </p>
      ) : (
        <p>
          {errorMessage(error)} {fix}
        </p>
      )}
    </Alert>
  );
}
