"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import styles from "./forms.module.css";

interface LinkOutcomeProps {
  ok: boolean;
  text: string;
  /** Where the shopper goes next: the address and the link's words. */
  next: [string, string];
  testId: string;
}

/** What became of an emailed link's code (a reset, a verification): the words, focused when they come, and where to go next. */
export function LinkOutcome({ ok, text, next: [href, label], testId }: LinkOutcomeProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <>
      <p ref={ref} className={ok ? styles.answer : styles.refusal} role={ok ? "status" : "alert"} tabIndex={-1} data-testid={testId}>
        {text}
      </p>
      <p className={styles.aside}>
        <Link href={href}>{label}</Link>
      </p>
    </>
  );
}
