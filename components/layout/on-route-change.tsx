"use client";

import { usePathname } from "next/navigation";
import { Suspense, useEffect, useRef } from "react";

/**
 * Calls `onRoute(first)` once the page has rendered (`first` true) and after
 * every route change the shop's own router makes. The path is read inside
 * its own Suspense boundary: a route's path is known only per request where
 * its params are (/search/[...q]), and Next prerenders such a route's shell
 * without them, so reading it outside a boundary fails that shell
 * (NEXT_STATIC_GEN_BAILOUT) whenever Next renders it again at run time.
 */
export function OnRouteChange({ onRoute }: { onRoute: (first: boolean) => void }) {
  return (
    <Suspense fallback={null}>
      <PathWatcher onRoute={onRoute} />
    </Suspense>
  );
}

function PathWatcher({ onRoute }: { onRoute: (first: boolean) => void }) {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    onRoute(first.current);
    first.current = false;
    // Only a new path calls again: `onRoute` may be a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}
