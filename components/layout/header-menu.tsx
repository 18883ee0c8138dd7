"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { SiteLink } from "@/components/links/site-link";
import { CATEGORY_LINKS, HEADER_MENU, splitLabel } from "@/lib/site-links";
import styles from "./site-header.module.css";

type Entry = (typeof HEADER_MENU)[number];

/** Whether the Menu has anything to show over 760 px, where the entries that stand in the header are there instead. */
const MENU_ON_WIDE_SCREENS = HEADER_MENU.some((entry) => !entry.standsInHeader);

/**
 * The header's menu (lib/site-links.ts): a native disclosure, so it opens
 * from the keyboard and without JavaScript, and a screen reader hears a
 * button that expands. With JavaScript, Escape closes it (focus back on its
 * button), and it closes when a route changes: the header stays on screen
 * across the shop's own navigations, and an open menu would cover the next page.
 */
export function HeaderMenu() {
  const menu = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== "Escape" || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  }

  return (
    <details
      ref={menu}
      className={MENU_ON_WIDE_SCREENS ? styles.menu : `${styles.menu} ${styles.narrowOnly}`}
      data-testid="header-menu"
      onKeyDown={onKeyDown}
    >
      <summary className={styles.menuButton}>
        <MenuIcon />
        <span className={styles.menuWord}>Menu</span>
      </summary>
      <ul className={styles.menuPanel}>
        {HEADER_MENU.map((entry) => (
          <li key={entry.label} className={entry.standsInHeader ? styles.narrowOnly : undefined}>
            <MenuEntry entry={entry} className={styles.menuEntry} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The category pages as a row under the header's bar, at every width (it wraps on a phone); the current one marked. */
export function CategoryRow() {
  const pathname = usePathname();
  return (
    <nav aria-label="Categories" className={styles.categories}>
      <ul>
        {CATEGORY_LINKS.map((entry) => (
          <li key={entry.href}>
            <MenuEntry entry={entry} className={styles.category} current={pathname === entry.href} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The entries that stand in the header over 760 px (the spec's labels: the first word small above the rest), hidden at 760 px and below, where the Menu holds them. */
export function HeaderLabels() {
  return HEADER_MENU.filter((entry) => entry.standsInHeader).map((entry) => {
    const [small, rest] = splitLabel(entry.label);
    return (
      <MenuEntry key={entry.label} entry={entry} className={`${styles.label} ${styles.wideOnly}`}>
        {/* The space keeps the name "Return & Order", though the two parts stand on two lines. */}
        <small>{small}</small> {rest}
      </MenuEntry>
    );
  });
}

/** An entry as a link (prefetched as lib/site-links.ts says), or as words when it links nowhere. */
function MenuEntry({ entry, className, current, children }: { entry: Entry; className: string; current?: boolean; children?: ReactNode }) {
  const content = children ?? entry.label;
  if (!entry.href) return <span className={className}>{content}</span>;
  return (
    <SiteLink href={entry.href} prefetch={entry.prefetch} className={className} aria-current={current ? "page" : undefined}>
      {content}
    </SiteLink>
  );
}

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
