"use client";

import { useSyncExternalStore } from "react";

/**
 * The visitor's Pause or Play on the hero (WCAG 2.2.2), remembered while the
 * page is open: kept in this module, so it lasts across the shop's own
 * navigations (home, away, and back) and is forgotten on a reload. null
 * until they press it: the hero then plays unless they prefer reduced motion.
 */
type AutoplayChoice = "play" | "pause" | null;

let choice: AutoplayChoice = null;
const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export function useAutoplayChoice(): AutoplayChoice {
  return useSyncExternalStore(
    subscribe,
    () => choice,
    () => null,
  );
}

export function chooseAutoplay(next: "play" | "pause"): void {
  choice = next;
  for (const listener of listeners) listener();
}
