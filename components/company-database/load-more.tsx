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
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  }, [onLoad]);
  useEffect(() => {
    const element = sentinel.current;
    if (loading || !element || typeof IntersectionObserver === "undefined") return;
    // Armed again for each page: one scroll that reaches the end loads one page.
    let scrolled = false;
    let visible = false;
    let fired = false;
    const fire = () => {
      if (fired || !scrolled || !visible) return;
      fired = true;
      load.current();
    };
    const onScroll = () => {
      scrolled = true;
      fire();
    };
    const observer = new IntersectionObserver((entries) => {
      visible = entries.some((entry) => entry.isIntersecting);
      fire();
    });
    observer.observe(element);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", onScroll);
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
            {balanceNote}
          </Button>
          <span className="text-xs">Scrolling here loads them too.</span>
        </>
      )}
    </div>
  );
}
