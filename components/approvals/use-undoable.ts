"use client";
// A decision held for a few seconds before it is sent, so that it can be taken back (the approvals
// queue's rejections): sent when the time runs out, at the next decision (`flush`), or when the
// component unmounts; `undo` takes it back unsent. An approval is not held: it may go out at once.
import { useEffect, useEffectEvent, useRef } from "react";

export const UNDO_MS = 5_000;

export function useUndoable<T extends object>(commit: (item: T) => void, delayMs = UNDO_MS) {
  const held = useRef<{ item: T; timer: ReturnType<typeof setTimeout> } | null>(null);
  /** The held item, no longer held (null when none). */
  const take = (): T | null => {
    const current = held.current;
    if (!current) return null;
    held.current = null;
    clearTimeout(current.timer);
    return current.item;
  };
  /** Sends the held item now. */
  const flush = () => {
    const item = take();
    if (item) commit(item);
  };
  const flushOnLeave = useEffectEvent(flush);
  useEffect(() => () => flushOnLeave(), []);
  return {
    /** Holds `item`, sending the one held before it first. */
    hold(item: T) {
      flush();
      held.current = { item, timer: setTimeout(flush, delayMs) };
    },
    flush,
    undo: take,
    isHolding: () => held.current !== null,
  };
}
