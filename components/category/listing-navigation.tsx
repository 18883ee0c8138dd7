"use client";

import { createContext, useContext, useEffect, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";

const Pending = createContext(false);

/**
 * A listing's sort form and page links, and whether the view they asked for
 * is on its way. Both load a new document (listing-form.tsx and
 * page-links.tsx say why), which for a view not yet cached waits for the
 * store: from the moment the form is sent or a plain link followed until
 * that page replaces this one, the listing is busy and ListingPending says
 * so. A link the client router takes (a product card) is not a document
 * load: its click is already handled (defaultPrevented) when it reaches
 * here, and a link to a part of this page only scrolls. A page the
 * browser restores from its back/forward cache is not busy.
 * Without JavaScript the browser's own indicator does this.
 */
export function ListingNavigation({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);
  // A GET form loads its address as a document; a cart button's form is a server action (POST), answered in place.
  const sent = (event: FormEvent) => {
    if (!event.defaultPrevented && event.target instanceof HTMLFormElement && event.target.method === "get") setPending(true);
  };
  const followed = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (
      link instanceof HTMLAnchorElement &&
      link.target === "" &&
      link.origin === window.location.origin &&
      !link.hasAttribute("download") &&
      !isWithinThisDocument(link)
    ) {
      setPending(true);
    }
  };
  return (
    <div onSubmit={sent} onClick={followed} aria-busy={pending}>
      <Pending.Provider value={pending}>{children}</Pending.Provider>
    </div>
  );
}

/** A link to a part of the page shown (`#…` on this very address): the browser scrolls, no document loads. */
function isWithinThisDocument(link: HTMLAnchorElement): boolean {
  return link.hash !== "" && link.pathname === window.location.pathname && link.search === window.location.search;
}

/**
 * What the listing says while the next view is on its way: `text` (the
 * spec's "Loading from firebase") in a status region that is on the page,
 * empty and taking no room, from the start, so a screen reader announces it
 * when it fills.
 */
export function ListingPending({ text }: { text: string }) {
  const pending = useContext(Pending);
  return (
    <div role="status" className={pending ? "status-text" : undefined} data-testid="listing-pending">
      {pending ? text : null}
    </div>
  );
}
