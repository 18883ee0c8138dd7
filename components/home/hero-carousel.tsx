"use client";

import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties } from "react";
import { ArrowIcon } from "@/components/media/arrow-icon";
import { SiteImage } from "@/components/media/site-image";
import styles from "./hero-carousel.module.css";

/** Spec §9: autoplay every 4000 ms, transition 1000 ms. */
const HERO_AUTOPLAY_MS = 4000;
/**
 * Embla's `duration` is not milliseconds: it is the divisor of a friction-damped
 * step run at 60 steps/s (velocity += distance / duration; velocity *= 0.68).
 * Simulating that integrator, 28 moves a slide 99 % of the way in ~820 ms and
 * to within 1 px in ~1.0-1.2 s at 390-1216 px widths: the spec's ~1 s transition.
 */
const HERO_EMBLA_DURATION = 28;

/**
 * The banners (public/hero, drawn by scripts/images/heroes.mjs) and each one's
 * call to action: a real link laid over the banner where its headline leaves
 * room, in the banner's own colours (`ink` on `fill`).
 */
const slides = [
  {
    src: "/hero/hero-1.webp",
    alt: "Seasonal sale: up to 40% off summer favourites. Deals across electronics, accessories and sport.",
    cta: "Shop the sale",
    // The banner's summer favourites are accessories (sunglasses, a cap).
    href: "/accessories",
    fill: "#2b1a12",
    ink: "#ffffff",
  },
  {
    src: "/hero/hero-2.webp",
    alt: "Just landed: new in Electronics. The latest headphones, phones and wearables.",
    cta: "Explore tech",
    href: "/electronics",
    fill: "#ffffff",
    ink: "#1b1f4b",
  },
  {
    src: "/hero/hero-3.webp",
    alt: "Accessories: finishing touches for every day. Bags, watches and eyewear made to last.",
    cta: "Shop accessories",
    href: "/accessories",
    fill: "#3b2418",
    ink: "#ffffff",
  },
  {
    src: "/hero/hero-4.webp",
    alt: "Sport: gear up for the season. Fitness essentials for home, court and trail.",
    cta: "Shop sport",
    // Sport has no category page of its own: its search page lists the type.
    href: "/search/sport",
    fill: "#ffffff",
    ink: "#0f5f58",
  },
];

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";
function subscribeReducedMotion(onChange: () => void) {
  const list = window.matchMedia(reducedMotionQuery);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** The home page's hero: 4 fixed banners, autoplaying unless the visitor prefers reduced motion. */
export function HeroCarousel() {
  // The server (and hydration) assume reduced motion: nothing moves before the
  // client knows the visitor's preference.
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => true,
  );
  const plugins = useMemo(
    () =>
      reducedMotion ? [] : [Autoplay({ delay: HERO_AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false })],
    [reducedMotion],
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, duration: reducedMotion ? 0 : HERO_EMBLA_DURATION }, plugins);
  const [selected, setSelected] = useState(0);
  const hovered = useRef(false);
  const focused = useRef(false);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  /** Pauses while the pointer is over the hero or focus is inside it. */
  const syncAutoplay = useCallback(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (hovered.current || focused.current) autoplay.stop();
    else autoplay.play();
  }, [embla]);

  const go = useCallback(
    (move: "prev" | "next" | number) => {
      if (!embla) return;
      if (move === "prev") embla.scrollPrev();
      else if (move === "next") embla.scrollNext();
      else embla.scrollTo(move);
      // A manual move restarts the 4 s count (if autoplay is running at all).
      embla.plugins().autoplay?.reset();
    },
    [embla],
  );

  return (
    <section
      className={styles.hero}
      aria-roledescription="carousel"
      aria-label="Featured offers"
      data-autoplay={plugins.length > 0 ? "on" : "off"}
      data-ready={embla ? "true" : undefined}
      onMouseEnter={() => {
        hovered.current = true;
        syncAutoplay();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        syncAutoplay();
      }}
      onFocus={() => {
        focused.current = true;
        syncAutoplay();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        syncAutoplay();
      }}
    >
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container} aria-live={plugins.length > 0 ? "off" : "polite"}>
          {slides.map((slide, index) => (
            <div
              key={slide.src}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-current={index === selected ? "true" : undefined}
            >
              <SiteImage
                src={slide.src}
                alt={slide.alt}
                width={1500}
                height={600}
                // The hero spans the page column: full width up to 1280 px, then the column (1280 - 2 x 32 px gutter).
                sizes="(max-width: 1280px) 100vw, 1216px"
                priority={index === 0}
                className={styles.image}
              />
              {/* Only the slide in view takes focus: Tab never lands on a hidden banner's link. */}
              <Link
                href={slide.href}
                className={styles.cta}
                style={{ "--cta-fill": slide.fill, "--cta-ink": slide.ink } as CSSProperties}
                tabIndex={index === selected ? undefined : -1}
              >
                {slide.cta}
                <ArrowIcon />
              </Link>
            </div>
          ))}
        </div>
      </div>
      <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => go("prev")} aria-label="Previous slide">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => go("next")} aria-label="Next slide">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div className={styles.dots}>
        {slides.map((slide, index) => (
          <button
            key={slide.src}
            type="button"
            className={styles.dot}
            onClick={() => go(index)}
            aria-label={`Go to slide ${index + 1} of ${slides.length}`}
            aria-current={index === selected ? "true" : undefined}
          />
        ))}
      </div>
    </section>
  );
}
