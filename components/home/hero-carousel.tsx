"use client";

import Link from "next/link";
import type { CSSProperties } from "react";
import { ArrowIcon } from "@/components/media/arrow-icon";
import { ChevronIcon } from "@/components/media/chevron-icon";
import { SiteImage } from "@/components/media/site-image";
import styles from "./hero-carousel.module.css";
import { HERO_SLIDES } from "./hero-slides";
import { useAutoplayPause, useHeroCarousel } from "./use-hero-carousel";

/** The home page's hero: 4 fixed banners (hero-slides.ts), autoplaying unless the visitor prefers reduced motion. */
export function HeroCarousel() {
  const { viewportRef, embla, autoplaying, selected, go } = useHeroCarousel();
  const pause = useAutoplayPause(embla);

  return (
    <section
      className={styles.hero}
      aria-roledescription="carousel"
      aria-label="Featured offers"
      data-autoplay={autoplaying ? "on" : "off"}
      data-ready={embla ? "true" : undefined}
      {...pause}
    >
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container} aria-live={autoplaying ? "off" : "polite"}>
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
