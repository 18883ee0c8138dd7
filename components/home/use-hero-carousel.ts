"use client";

import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type FocusEvent } from "react";
import { chooseAutoplay, useAutoplayChoice } from "./hero-autoplay-choice";

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
 * The hero's embla (hero-carousel.tsx): `playing` unless the visitor paused
 * it or, before any Pause or Play of theirs, prefers reduced motion; the
 * slide `selected`, and `go`, a move that restarts autoplay's count.
 */
export function useHeroCarousel() {
  // The server (and hydration) assume reduced motion: nothing moves before the
  // client knows the visitor's preference.
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => true,
  );
  const choice = useAutoplayChoice();
  const playing = choice === null ? !reducedMotion : choice === "play";
  // Started and stopped by useAutoplayControl, never by the plugin itself.
  const plugins = useMemo(
    () => [
      Autoplay({ delay: HERO_AUTOPLAY_MS, playOnInit: false, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false }),
    ],
    [],
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

  return { viewportRef, embla, playing, selected, go };
}

type HeroEmbla = ReturnType<typeof useHeroCarousel>["embla"];

/**
 * When the slides move: while `playing`, and the pointer is not over the
 * hero, and focus is not inside it. Returns the hero's pointer and focus
 * handlers, and `toggle`, the Pause/Play button's press: Play starts the
 * slides at once, wherever the pointer and focus are.
 */
export function useAutoplayControl(embla: HeroEmbla, playing: boolean) {
  const hovered = useRef(false);
  const focused = useRef(false);
  const sync = useCallback(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (!playing || hovered.current || focused.current) autoplay.stop();
    else if (!autoplay.isPlaying()) autoplay.play();
  }, [embla, playing]);

  useEffect(() => {
    if (!embla) return;
    sync();
    // The plugin restarts itself when a drag ends: stopped again unless it should run.
    embla.on("pointerUp", sync);
    return () => {
      embla.off("pointerUp", sync);
    };
  }, [embla, sync]);

  const toggle = useCallback(() => {
    hovered.current = false;
    focused.current = false;
    chooseAutoplay(playing ? "pause" : "play");
  }, [playing]);

  const handlers = {
    onMouseEnter() {
      hovered.current = true;
      sync();
    },
    onMouseLeave() {
      hovered.current = false;
      sync();
    },
    onFocus() {
      focused.current = true;
      sync();
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      focused.current = false;
      sync();
    },
  };
  return { handlers, toggle };
}
