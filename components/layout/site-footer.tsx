"use client";

// A client component though it holds no state: a server component's markup
// goes out twice, as HTML and again in every page's RSC payload, while a
// client component's goes out once, its code cached by the browser across
// pages: about 2 kB less on every page.
import { SiteLink } from "@/components/links/site-link";
import { FOOTER_LINKS, footerHeadingId } from "@/lib/site-links";
import { BanknoteIcon, GlobeIcon, PinIcon } from "./locale-icons";
import styles from "./site-footer.module.css";
import { countryName, SHOP_COUNTRY } from "@/lib/orders/countries";
import { SHIPPING_PATH } from "@/lib/site-links";

// The shop sells in one language and one currency from one country. The
// spec's buttons stay, and say so when opened, rather than offering choices
// that do not exist. Where it ships is the operator's to change, and this
// footer is in every page's static shell: it links to the page that reads
// the zones rather than naming countries it could not keep current.
const LOCALE_CHOICES = [
  { label: "English", Icon: GlobeIcon, note: "The shop is in English." },
  { label: "$ USD", Icon: BanknoteIcon, note: "All prices are in US dollars." },
  {
    label: countryName(SHOP_COUNTRY),
    Icon: PinIcon,
    note: (
      <>
        The shop is based in the United States. <SiteLink href={SHIPPING_PATH}>Where we ship</SiteLink>
      </>
    ),
  },
];

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <a href="#top" className={styles.backToTop}>
        Back to top
      </a>
      <nav aria-label="Footer" className={styles.columns}>
        {FOOTER_LINKS.map((list) => (
          <section key={list.heading} aria-labelledby={footerHeadingId(list.heading)}>
            <h2 id={footerHeadingId(list.heading)} className={styles.heading}>
              {list.heading}
            </h2>
            <ul className={styles.list}>
              {list.links.map((link) => (
                <li key={link.href}>
                  <SiteLink href={link.href} prefetch={link.prefetch}>
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <div className={styles.locale}>
        {LOCALE_CHOICES.map((choice) => (
          <details key={choice.label} className={styles.choice}>
            <summary>
              <choice.Icon />
              {choice.label}
            </summary>
            <p className={styles.choiceNote}>{choice.note}</p>
          </details>
        ))}
      </div>
      {/* A hyphen: the page stays one-byte text (home/category-card.tsx says why). */}
      <p className={styles.copyright}>© 1996-2026 Storefront, Inc. or its affiliates</p>
    </footer>
  );
}
