"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTRPC } from "@/components/trpc/client";

/**
 * Ticks the checklist's "open a forecast" step the first time a forecast is shown: an explicit
 * mutation sent once, only while the checklist still waits for it, so showing a forecast is no write.
 */
export function useRecordForecastOpened(shown: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const checklist = useQuery({ ...trpc.gettingStarted.get.queryOptions(), staleTime: 5 * 60_000 });
  const record = useMutation(
    trpc.gettingStarted.forecastOpened.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.gettingStarted.get.queryKey() }),
    }),
  );
  const sent = useRef(false);
  const waiting = checklist.data?.steps.forecast === false;
  const { mutate } = record;
  useEffect(() => {
    if (!shown || !waiting || sent.current) return;
    sent.current = true;
    mutate();
  }, [shown, waiting, mutate]);
}
