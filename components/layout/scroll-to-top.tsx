"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

/**
 * The spec wants every route change to start at the top of the page. Next
 * already scrolls new segments into view, but not when only a lower part of a
 * shared layout changes, so this makes it unconditional.
 */
export function ScrollToTop() {
  const pathname = usePathname();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
  return null;
}
