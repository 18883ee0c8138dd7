"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Keeps the open page current: one EventSource per tab listens to
 * /api/events and re-renders the page's server parts when the catalogue
 * changes. EventSource reconnects by itself (the server sets the delay).
 */
export function LiveUpdates() {
  const router = useRouter();
  useEffect(() => {
    const source = new EventSource("/api/events");
    const refresh = () => router.refresh();
    source.addEventListener("catalog", refresh);
    return () => {
      source.removeEventListener("catalog", refresh);
      source.close();
    };
  }, [router]);
  return null;
}
