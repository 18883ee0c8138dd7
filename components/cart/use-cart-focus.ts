"use client";

import { useLayoutEffect, useRef, type FocusEvent } from "react";
import { lineAfterRemoval } from "@/lib/cart/line-after-removal";

// The view marks each line's <li> with data-line-id (its product's id), its
// Delete button with data-line-delete and its quantity field with
// data-testid="quantity".
const lineSelector = (id: string) => `[data-line-id="${CSS.escape(id)}"]`;
const DELETE = "[data-line-delete]";
const QUANTITY = '[data-testid="quantity"]';

/** Focus has fallen out of the page: the element that held it was taken out of the DOM. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * Keeps keyboard focus in the cart as its lines come and go. The line that
 * holds focus is remembered; when it disappears (its Delete, another tab, a
 * refused undo) and focus fell with it, focus goes to the next line's Delete,
 * else the previous line's, else the empty-cart text (lib/cart/line-after-removal.ts).
 * A line put back by Undo takes focus in its quantity field.
 */
export function useCartFocus(ids: readonly string[]) {
  const list = useRef<HTMLUListElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  const focusedLine = useRef<string | null>(null);
  const shownIds = useRef<readonly string[]>(ids);
  const restoring = useRef<string | null>(null);

  useLayoutEffect(() => {
    const before = shownIds.current;
    shownIds.current = ids;
    const restored = restoring.current;
    if (restored !== null && ids.includes(restored)) {
      restoring.current = null;
      const line = list.current?.querySelector(lineSelector(restored));
      const control = line?.querySelector<HTMLElement>(QUANTITY) ?? line?.querySelector<HTMLElement>(DELETE);
      control?.focus();
      return;
    }
    const gone = focusedLine.current;
    if (gone === null || ids.includes(gone)) return;
    focusedLine.current = null;
    if (!focusIsLost()) return;
    const next = lineAfterRemoval(before, ids, gone);
    if (next === null) empty.current?.focus();
    else list.current?.querySelector<HTMLElement>(`${lineSelector(next)} ${DELETE}`)?.focus();
  });

  /** On the list: which line focus is in. */
  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const line = (event.target as HTMLElement).closest("[data-line-id]");
    focusedLine.current = line?.getAttribute("data-line-id") ?? null;
  };
  /** Focus moved on out of the list: no line holds it (a removal moves it nowhere, so it is not counted). */
  const onBlur = (event: FocusEvent<HTMLUListElement>) => {
    const to = event.relatedTarget;
    if (to instanceof Node && !event.currentTarget.contains(to)) focusedLine.current = null;
  };

  return {
    /** For the list of lines: its ref, and its focus and blur handlers. */
    listRef: list,
    onListFocus: onFocus,
    onListBlur: onBlur,
    /** For the empty-cart text. */
    emptyRef: empty,
    /** Call as Undo puts line `id` back: the next render that shows it focuses it. */
    focusWhenRestored(id: string) {
      restoring.current = id;
    },
  };
}
