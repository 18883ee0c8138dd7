/**
 * Where keyboard focus goes when the page changes under the shopper, as a
 * browser puts it after a full load: on the place the address's #fragment
 * names, else at the start of the document.
 */

/** The element the fragment `hash` ("#id") names, if it is shown; hidden routes Next keeps in the document do not count. */
export function placeNamedBy(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  const element = document.getElementById(id);
  return element && element.getClientRects().length > 0 ? element : null;
}

/**
 * Focus on `element` without scrolling, so the next Tab goes to what follows
 * it. The body takes the focus for this call only (no outline round the
 * page); another element that is not focusable already keeps tabindex="-1"
 * until it loses the focus, so screen readers read it as the focused region.
 */
export function focusPlace(element: HTMLElement): void {
  if (element === document.body) {
    element.tabIndex = -1;
    element.focus({ preventScroll: true });
    element.removeAttribute("tabindex");
    return;
  }
  if (!element.hasAttribute("tabindex")) {
    element.tabIndex = -1;
    element.addEventListener("blur", () => element.removeAttribute("tabindex"), { once: true });
  }
  element.focus({ preventScroll: true });
}
