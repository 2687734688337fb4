"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorCode, fieldErrors } from "@/components/ui/trpc-error";
import type { TCheckpoint, TCheckpointAnswer, TSenderAccount } from "@/server/schemas/sender";
import { CheckpointPrompt } from "./checkpoint-prompt";
import { ErrorAlert, plainErrorMessage } from "./error-alert";

const POLL_MS = 2_000;

function needsPolling(checkpoint: TCheckpoint | null | undefined): boolean {
  return Boolean(checkpoint && !checkpoint.expired && (checkpoint.input === "none" || checkpoint.input === "hosted"));
}

/**
 * A sender's pending verification step in the dashboard: answers go to senders.answerCheckpoint;
 * steps answered elsewhere (the LinkedIn app, a captcha page) are polled every two seconds.
 */
export function SenderCheckpoint({
  accountId,
  initialCheckpoint,
  onConnected,
  onRestart,
  restartLabel = "Start over",
}: {
  restartLabel?: string;
  accountId: string;
  initialCheckpoint?: TCheckpoint | null;
  onConnected: (account: TSenderAccount) => void;
  onRestart: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const queryKey = trpc.senders.checkpoint.queryKey({ id: accountId });
  const state = useQuery({
    ...trpc.senders.checkpoint.queryOptions({ id: accountId }),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      return !data?.resolved && needsPolling(data ? data.data : initialCheckpoint) ? POLL_MS : false;
    },
  });
  const answer = useMutation(
    trpc.senders.answerCheckpoint.mutationOptions({
      onSuccess: (next, variables) => {
        queryClient.setQueryData(queryKey, next);
        setNotice(variables.answer.resend ? "LinkedIn is sending a new code." : variables.answer.tryAnotherWay ? "LinkedIn offers another way to verify." : null);
      },
    }),
  );

  const resolved = state.data?.resolved ?? false;
  const account = state.data?.account;
  const announced = useRef(false);
  useEffect(() => {
    if (resolved && account && !announced.current) {
      announced.current = true;
      void queryClient.invalidateQueries({ queryKey: trpc.senders.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.workspace.pathKey() });
      onConnected(account);
    }
  }, [resolved, account, onConnected, queryClient, trpc]);

  const checkpoint = state.data ? state.data.data : (initialCheckpoint ?? null);
  if (state.error && !state.data) {
    return (
      <div className="space-y-4">
        <ErrorAlert error={state.error} />
        <Button onClick={onRestart}>{restartLabel}</Button>
      </div>
    );
  }
  if (!checkpoint) {
    if (resolved || state.isPending) return <p className="text-sm text-slate-500">Checking the sign-in…</p>;
    return (
      <div className="space-y-4">
        <Alert tone="error">
          <p className="font-medium">The sign-in did not complete</p>
          <p className="mt-0.5">{account?.error ?? "LinkedIn ended the verification. Sign in again."}</p>
        </Alert>
        <Button onClick={onRestart}>{restartLabel}</Button>
      </div>
    );
  }

  // A wrong code stays on the step; anything else that ends the attempt is shown as an alert.
  const rejected = errorCode(answer.error) === "checkpoint-code-rejected";
  const fields = fieldErrors(answer.error);
  const answerError = rejected
    ? (plainErrorMessage(answer.error) ?? "LinkedIn rejected that answer.")
    : (fields.code ?? fields.phone ?? fields["answer.code"] ?? fields["answer.phone"] ?? null);
  const ended = answer.error && !answerError;
  return (
    <div className="space-y-4">
      <CheckpointPrompt
        key={`${checkpoint.type}:${checkpoint.requestedAt}`}
        checkpoint={checkpoint}
        pending={answer.isPending}
        answerError={answerError}
        notice={notice}
        onRestart={onRestart}
        restartLabel={restartLabel}
        onAnswer={(value: TCheckpointAnswer) => {
          setNotice(null);
          answer.mutate({ id: accountId, answer: value });
        }}
      />
      {ended && (
        <div className="space-y-3">
          <ErrorAlert error={answer.error} />
          {["verification-failed", "checkpoint-expired", "not-found"].includes(errorCode(answer.error) ?? "") && (
            <Button variant="secondary" onClick={onRestart}>
              {restartLabel}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
