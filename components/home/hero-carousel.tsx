"use client";

import Link from "next/link";
import type { CSSProperties } from "react";
import { ArrowIcon } from "@/components/media/arrow-icon";
import { ChevronIcon } from "@/components/media/chevron-icon";
import { SiteImage } from "@/components/media/site-image";
import styles from "./hero-carousel.module.css";
import { HERO_SLIDES } from "./hero-slides";
import { useAutoplayControl, useHeroCarousel } from "./use-hero-carousel";

/**
 * The home page's hero: 4 fixed banners (hero-slides.ts), autoplaying unless
 * the visitor prefers reduced motion, with a Pause/Play button first in its
 * tab order (WCAG 2.2.2; use-hero-carousel.ts says when the slides move).
 */
export function HeroCarousel() {
  const { viewportRef, embla, playing, selected, go } = useHeroCarousel();
  const { handlers, toggle } = useAutoplayControl(embla, playing);

  return (
    <section
      className={styles.hero}
      aria-roledescription="carousel"
      aria-label="Featured offers"
      data-autoplay={playing ? "on" : "off"}
      data-ready={embla ? "true" : undefined}
      {...handlers}
    >
      <button type="button" className={styles.toggle} onClick={toggle} aria-label={playing ? "Pause slides" : "Play slides"}>
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container} aria-live={playing ? "off" : "polite"}>
          {HERO_SLIDES.map((slide, index) => (
            <HeroSlide key={slide.src} slide={slide} index={index} shown={index === selected} />
          ))}
        </div>
      </div>
      <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => go("prev")} aria-label="Previous slide">
        <ChevronIcon to="left" size={22} weight={2.4} />
      </button>
      <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => go("next")} aria-label="Next slide">
        <ChevronIcon to="right" size={22} weight={2.4} />
      </button>
      <div className={styles.dots}>
        {HERO_SLIDES.map((slide, index) => (
          <button
            key={slide.src}
            type="button"
            className={styles.dot}
            onClick={() => go(index)}
            aria-label={`Go to slide ${index + 1} of ${HERO_SLIDES.length}`}
            aria-current={index === selected ? "true" : undefined}
          />
        ))}
      </div>
    </section>
  );
}

/** One banner and its call to action; `shown`: the slide in view. */
function HeroSlide({ slide, index, shown }: { slide: (typeof HERO_SLIDES)[number]; index: number; shown: boolean }) {
  return (
    <div
      className={styles.slide}
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${HERO_SLIDES.length}`}
      aria-current={shown ? "true" : undefined}
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
        tabIndex={shown ? undefined : -1}
      >
        {slide.cta}
        <ArrowIcon />
      </Link>
    </div>
  );
}

/** The Pause/Play button's marks, hidden from screen readers: the button's label names them. */
function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
      <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" fill="currentColor" />
    </svg>
  );
}
