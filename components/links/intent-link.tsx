"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * A link whose page is prefetched only once a visitor shows intent (a
 * pointer over it, a touch, keyboard focus), about 100-300 ms before the
 * click, instead of on sight as Next's links are by default. For links a
 * visitor follows from few of the pages that show them (lib/site-links.ts):
 * each prefetch is a request to the shop and its route's JavaScript.
 */
export function IntentLink({ onMouseEnter, onTouchStart, onFocus, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={intent ? null : false}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
    />
  );
}
