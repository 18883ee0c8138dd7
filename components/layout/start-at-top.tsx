"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * Every route change starts at the top of the page, as a full load does:
 * scrolled to the top (the spec's rule; Next scrolls new segments into view,
 * but not when only a lower part of a shared layout changes), and with focus
 * back at the start of the document, so the first Tab reaches the skip link
 * and every control is as many Tab stops away as after a full load. Next
 * keeps the page left behind in the document, hidden, after the new one;
 * the link followed there kept the browser's place for Tab, whose next
 * press went past the new page, to the footer. Next's route announcer (a
 * live region) says the new page's title.
 */
export function StartAtTop() {
  const pathname = usePathname();
  const firstRender = useRef(true);
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    // A full load has put focus at the top already (or where an autofocus asked).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusStartOfDocument();
  }, [pathname]);
  return null;
}

/** Focus on the body, for this call only: the browser's place for Tab moves to the document's start. */
function focusStartOfDocument() {
  const body = document.body;
  body.tabIndex = -1;
  body.focus({ preventScroll: true });
  body.removeAttribute("tabindex");
}
