"use client";

import { Children, useId, type ReactNode } from "react";
import { ChevronIcon } from "@/components/media/chevron-icon";
import styles from "./product-carousel.module.css";
import { useIdleCarousel } from "./use-idle-carousel";

interface ProductCarouselProps {
  /** The carousel's accessible name; shown as its heading when `showTitle`. */
  title: string;
  showTitle?: boolean;
  /**
   * "multi": 6 slides per view (3 below 1024 px, 2 below 600 px, 1 below 480 px).
   * "single": one slide per view.
   */
  variant?: "multi" | "single";
  /** One child per slide (server-rendered product cards). */
  children: ReactNode;
}

/**
 * A horizontally scrolling row of slides. The slides are laid out by CSS
 * (flex-basis per breakpoint) so the server HTML already shows the right number
 * per view; embla only takes over scrolling, swiping and the buttons.
 *
 * Embla starts when the browser is first idle, each carousel in its own task:
 * starting measures the slides, and six carousels starting in the hydration
 * task made one long task that blocked the page on phones. A button pressed
 * before that starts the carousel at once and then makes the move.
 */
export function ProductCarousel({ title, showTitle = true, variant = "multi", children }: ProductCarouselProps) {
  const slides = Children.toArray(children);
  const headingId = useId();
  const { viewportRef, canPrev, canNext, go } = useIdleCarousel({
    slideCount: slides.length,
    loop: variant === "single" && slides.length > 1,
  });

  return (
    <section
      className={`${styles.carousel} ${variant === "single" ? styles.single : styles.multi}`}
      aria-roledescription="carousel"
      {...(showTitle ? { "aria-labelledby": headingId } : { "aria-label": title })}
    >
      <div className={styles.header}>
        {showTitle ? (
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
        ) : null}
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.button}
            onClick={() => go("prev")}
            disabled={!canPrev}
            aria-label={`Previous products: ${title}`}
          >
            <ChevronIcon to="left" size={20} weight={2.2} />
          </button>
          <button
            type="button"
            className={styles.button}
            onClick={() => go("next")}
            disabled={!canNext}
            aria-label={`Next products: ${title}`}
          >
            <ChevronIcon to="right" size={20} weight={2.2} />
          </button>
        </div>
      </div>
      {/* Embla is created when the viewport gets its ref: only once started. */}
      <div className={styles.viewport} ref={viewportRef}>
        {/* Slides are role="group" per the APG carousel pattern, so the track is a div, not a list. */}
        <div className={styles.container}>
          {slides.map((slide, index) => (
            <div
              key={index}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
