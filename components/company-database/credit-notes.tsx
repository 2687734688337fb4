"use client";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { errorCode, errorMessage } from "@/components/ui/trpc-error";
import { plural } from "@/components/ui/plural";

/** Where the workspace's credits are shown and added: the ledger on Settings → General. */
export const CREDITS_SETTINGS_PATH = "/settings#ai-credits";

/** "(you have 480)": the balance beside a cost, or nothing while it loads. */
export function youHave(balance: number | null): string {
  return balance === null ? "" : ` (you have ${balance.toLocaleString("en")})`;
}

/**
 * A refused or failed search, in words: for 402 the balance, what the page would cost and where to
 * add credits; otherwise the server's message (field problems named by their labels).
 */
export function SearchErrorAlert({ error, what = "The search" }: { error: unknown; what?: string }) {
  if (!error) return null;
  if (errorCode(error) === "insufficient-credits") {
    const details = (error as { data?: { details?: { balance?: number; cost?: number } | null } }).data?.details;
    const balance = details?.balance;
    const cost = details?.cost;
    return (
      <Alert tone="warning">
        <p className="font-medium">Not enough AI credits.</p>
        <p className="mt-1">
          {cost !== undefined ? `${what} found ${plural(cost, "result")}, which would cost ${plural(cost, "credit")}` : `${what} costs more credits than the workspace has`}
          {balance !== undefined ? `; the workspace has ${plural(balance, "credit")}.` : "."} Nothing was charged.{" "}
          <Link href={CREDITS_SETTINGS_PATH} className="font-medium underline">
            Add credits in Settings → AI credits
          </Link>
          , or narrow the filters.
        </p>
      </Alert>
    );
  }
  return (
    <Alert tone="error">
      {what} did not run: {errorMessage(error)}
    </Alert>
  );
}
