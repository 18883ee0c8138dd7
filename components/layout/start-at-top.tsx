"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { focusPlace, placeNamedBy } from "./focus-place";

/**
 * Every route change starts where a full load of its address would: at the
 * place its #fragment names (an address book change lands on the address
 * book), else at the top of the page (the spec's rule; Next scrolls new
 * segments into view, but not when only a lower part of a shared layout
 * changes). Focus goes there too, so the first Tab reaches what follows it
 * (the skip link, at the top) and every control is as many Tab stops away as
 * after a full load. Next keeps the page left behind in the document,
 * hidden, after the new one; the link followed there kept the browser's
 * place for Tab, whose next press went past the new page, to the footer.
 * Next's route announcer (a live region) says the new page's title.
 */
export function StartAtTop() {
  const pathname = usePathname();
  const firstRender = useRef(true);
  useEffect(() => {
    const place = placeNamedBy(window.location.hash);
    if (place) place.scrollIntoView({ block: "start", behavior: "instant" });
    else window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    // A full load has put focus in place already (or where an autofocus asked).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusPlace(place ?? document.body);
  }, [pathname]);
  return null;
}
