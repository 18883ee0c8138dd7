"use client";

import { useRouter } from "next/navigation";
import { useTransition, type FormEvent } from "react";
import { searchPath, tidySearchText } from "@/lib/catalog/search-path";

/**
 * The submit handler of a search form (GET /search, field "q"): with
 * JavaScript, go to the query's own page without a reload, `searching` while
 * its results render (a new query's page answers once they are ready). The
 * router could not go to /search?q=… itself: it would reuse the static
 * /search page it already holds for that path. Without JavaScript the form's
 * own GET is sent and proxy.ts serves the same page.
 */
export function useSearchSubmit(): { onSubmit: (event: FormEvent<HTMLFormElement>) => void; searching: boolean } {
  const router = useRouter();
  const [searching, startSearch] = useTransition();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const value = new FormData(event.currentTarget).get("q");
    event.preventDefault();
    startSearch(() => router.push(searchPath(tidySearchText(typeof value === "string" ? value : ""))));
  };
  return { onSubmit, searching };
}
