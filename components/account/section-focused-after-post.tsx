"use client";

import { useEffect, useRef, type ComponentProps } from "react";
import { focusPlace } from "@/components/layout/focus-place";

/**
 * A page section whose forms post and come back to the same page with a
 * notice in the section (the address book's Make default and Delete): once
 * the page has come back, focus is on the section, where a plain post's
 * redirect to the section's #anchor puts it too. Without this the button
 * pressed has left the document (or moved) and focus falls to the start of
 * the page, twenty Tab stops above the notice.
 */
export function SectionFocusedAfterPost({ children, ...props }: ComponentProps<"section">) {
  const section = useRef<HTMLElement>(null);
  const posted = useRef(false);
  // Runs after every render: the first after a post is the page that came back.
  useEffect(() => {
    if (!posted.current || !section.current) return;
    posted.current = false;
    focusPlace(section.current);
  });
  return (
    <section
      {...props}
      ref={section}
      onSubmitCapture={() => {
        posted.current = true;
      }}
    >
      {children}
    </section>
  );
}
