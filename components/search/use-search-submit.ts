"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { searchPath, tidySearchText } from "@/lib/catalog/search-path";

/**
 * The submit handler of a search form (GET /search, field "q"): with
 * JavaScript, go to the query's own page without a reload. The router could
 * not go to /search?q=… itself: it would reuse the static /search page it
 * already holds for that path. Without JavaScript the form's own GET is sent
 * and proxy.ts serves the same page.
 */
export function useSearchSubmit(): (event: FormEvent<HTMLFormElement>) => void {
  const router = useRouter();
  return (event) => {
    const value = new FormData(event.currentTarget).get("q");
    event.preventDefault();
    router.push(searchPath(tidySearchText(typeof value === "string" ? value : "")));
  };
}
