"use client";

import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useRef, useState } from "react";

type Move = "prev" | "next";

/** Runs `work` when the browser is idle (or soon, where it has no idle callbacks); returns a cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}

/**
 * A product carousel's embla, started when the browser is first idle
 * (product-carousel.tsx says why): `viewportRef` is the viewport's ref once
 * started, `canPrev` and `canNext` what the buttons may do, and `go` a move,
 * which first starts a carousel that has not started.
 */
export function useIdleCarousel({ slideCount, loop }: { slideCount: number; loop: boolean }) {
  const [started, setStarted] = useState(false);
  const pendingMove = useRef<Move | null>(null);
  const [viewportRef, embla] = useEmblaCarousel({ align: "start", slidesToScroll: "auto", containScroll: "trimSnaps", loop });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(slideCount > 1);

  useEffect(() => whenIdle(() => setStarted(true)), []);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    update();
    embla.on("select", update).on("reInit", update);
    const move = pendingMove.current;
    pendingMove.current = null;
    if (move === "prev") embla.scrollPrev();
    if (move === "next") embla.scrollNext();
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla]);

  const go = useCallback(
    (move: Move) => {
      if (!embla) {
        pendingMove.current = move;
        setStarted(true);
      } else if (move === "prev") embla.scrollPrev();
      else embla.scrollNext();
    },
    [embla],
  );

  return { viewportRef: started ? viewportRef : undefined, canPrev, canNext, go };
}
