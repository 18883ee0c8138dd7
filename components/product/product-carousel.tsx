"use client";

import useEmblaCarousel from "embla-carousel-react";
import { Children, useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import styles from "./product-carousel.module.css";

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

type Move = "prev" | "next";

/** Runs `work` when the browser is idle (or soon, where it has no idle callbacks); returns a cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
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
  const [started, setStarted] = useState(false);
  const pendingMove = useRef<Move | null>(null);
  const [viewportRef, embla] = useEmblaCarousel({
    align: "start",
    slidesToScroll: "auto",
    containScroll: "trimSnaps",
    loop: variant === "single" && slides.length > 1,
  });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(slides.length > 1);

  useEffect(() => whenIdle(() => setStarted(true)), []);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    update();
    embla.on("select", update).on("reInit", update);
    const move = pendingMove.current;
    pendingMove.current = null;
    if (move === "prev") embla.scrollPrev();
    if (move === "next") embla.scrollNext();
    return () => {
      embla.off("select", update).off("reInit", update);
    };
  }, [embla]);

  const go = useCallback(
    (move: Move) => {
      if (!embla) {
        pendingMove.current = move;
        setStarted(true);
      } else if (move === "prev") embla.scrollPrev();
      else embla.scrollNext();
    },
    [embla],
  );

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
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button
            type="button"
            className={styles.button}
            onClick={() => go("next")}
            disabled={!canNext}
            aria-label={`Next products: ${title}`}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      </div>
      {/* Embla is created when the viewport gets its ref: only once started. */}
      <div className={styles.viewport} ref={started ? viewportRef : undefined}>
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
