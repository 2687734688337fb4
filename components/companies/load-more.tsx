"use client";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { plural } from "@/components/ui/plural";

/**
 * The end of the results: scrolling to it loads the next page (each page costs credits, which the
 * line says), and the button does the same for keyboards and for when scrolling is not possible.
 * The observer loads only after the user has scrolled since the last page arrived, so a short page
 * that fits the screen never spends credits by itself.
 */
export function LoadMore({ next, cost, loading, onLoad, balanceNote }: { next: number; cost: string; loading: boolean; onLoad: () => void; balanceNote: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const scrolled = useRef(false);
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  }, [onLoad]);
  useEffect(() => {
    scrolled.current = false;
    const onScroll = () => (scrolled.current = true);
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("wheel", onScroll, { passive: true });
    window.addEventListener("touchmove", onScroll, { passive: true });
    const element = sentinel.current;
    const observer =
      element && typeof IntersectionObserver !== "undefined"
        ? new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting) && scrolled.current) {
              scrolled.current = false;
              load.current();
            }
          })
        : null;
    if (element) observer?.observe(element);
    return () => {
      observer?.disconnect();
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("wheel", onScroll);
      window.removeEventListener("touchmove", onScroll);
    };
  }, [next, loading]);
  return (
    <div ref={sentinel} data-testid="load-more" className="flex flex-wrap items-center justify-center gap-3 py-4 text-sm text-slate-500">
      {loading ? (
        <span role="status">Loading {plural(next, "more company", "more companies")}…</span>
      ) : (
        <>
          <Button variant="secondary" onClick={onLoad}>
            Load {next} more · {cost}
          </Button>
          <span className="text-xs">Scrolling here loads them too{balanceNote}.</span>
        </>
      )}
    </div>
  );
}
