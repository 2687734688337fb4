"use client";
import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `intervalMs`: every second for a countdown, every half minute
 * so that relative times ("in 3 hours") stay true.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
