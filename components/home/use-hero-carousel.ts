"use client";

import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type FocusEvent } from "react";

/** Spec §9: autoplay every 4000 ms, transition 1000 ms. */
const HERO_AUTOPLAY_MS = 4000;
/**
 * Embla's `duration` is not milliseconds: it is the divisor of a friction-damped
 * step run at 60 steps/s (velocity += distance / duration; velocity *= 0.68).
 * Simulating that integrator, 28 moves a slide 99 % of the way in ~820 ms and
 * to within 1 px in ~1.0-1.2 s at 390-1216 px widths: the spec's ~1 s transition.
 */
const HERO_EMBLA_DURATION = 28;

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";
function subscribeReducedMotion(onChange: () => void) {
  const list = window.matchMedia(reducedMotionQuery);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/**
 * The hero's embla (hero-carousel.tsx): autoplaying unless the visitor
 * prefers reduced motion, the slide `selected`, and `go`, a move that
 * restarts autoplay's count.
 */
export function useHeroCarousel() {
  // The server (and hydration) assume reduced motion: nothing moves before the
  // client knows the visitor's preference.
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => true,
  );
  const plugins = useMemo(
    () =>
      reducedMotion ? [] : [Autoplay({ delay: HERO_AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false })],
    [reducedMotion],
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, duration: reducedMotion ? 0 : HERO_EMBLA_DURATION }, plugins);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  const go = useCallback(
    (move: "prev" | "next" | number) => {
      if (!embla) return;
      if (move === "prev") embla.scrollPrev();
      else if (move === "next") embla.scrollNext();
      else embla.scrollTo(move);
      // A manual move restarts the 4 s count (if autoplay is running at all).
      embla.plugins().autoplay?.reset();
    },
    [embla],
  );

  return { viewportRef, embla, autoplaying: plugins.length > 0, selected, go };
}

type HeroEmbla = ReturnType<typeof useHeroCarousel>["embla"];

/** The hero's pointer and focus handlers: autoplay pauses while the pointer is over the hero or focus is inside it. */
export function useAutoplayPause(embla: HeroEmbla) {
  const hovered = useRef(false);
  const focused = useRef(false);
  const syncAutoplay = useCallback(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (hovered.current || focused.current) autoplay.stop();
    else autoplay.play();
  }, [embla]);
  return {
    onMouseEnter() {
      hovered.current = true;
      syncAutoplay();
    },
    onMouseLeave() {
      hovered.current = false;
      syncAutoplay();
    },
    onFocus() {
      focused.current = true;
      syncAutoplay();
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      focused.current = false;
      syncAutoplay();
    },
  };
}
