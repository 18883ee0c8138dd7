interface ChevronIconProps {
  /** Which way it points: a carousel's previous ("left") or next ("right"). */
  to: "left" | "right";
  /** Its width and height, in px. */
  size: number;
  /** Its stroke's width, in the 24-unit box. */
  weight: number;
}

/** The chevron on a carousel's previous and next buttons, hidden from screen readers: the button's label names it. */
export function ChevronIcon({ to, size, weight }: ChevronIconProps) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d={to === "left" ? "M15 6l-6 6 6 6" : "M9 6l6 6-6 6"}
        fill="none"
        stroke="currentColor"
        strokeWidth={weight}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
