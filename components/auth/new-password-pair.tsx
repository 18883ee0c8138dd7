"use client";

import { PASSWORD_MIN } from "@/lib/auth/auth-messages";
import styles from "./forms.module.css";

export type NewPasswordPart = "password" | "confirm";

interface NewPasswordPairProps {
  /** The inputs' ids and the hint's: the forms' own, which their tests and labels name. */
  ids: { password: string; confirm: string; hint: string };
  labels: { password: string; confirm: string };
  values: Record<NewPasswordPart, string>;
  onChange: (part: NewPasswordPart, value: string) => void;
}

/**
 * A password being chosen (sign-up, a reset): the password with the rule it
 * must keep as its description, then the same password again. Posted as
 * `password` and `confirmPassword`, what the server's checks read.
 */
export function NewPasswordPair({ ids, labels, values, onChange }: NewPasswordPairProps) {
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={ids.password}>{labels.password}</label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(e) => onChange("password", e.target.value)}
          aria-describedby={ids.hint}
        />
        <small id={ids.hint} className={styles.hint}>
          At least {PASSWORD_MIN} characters.
        </small>
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.confirm}>{labels.confirm}</label>
        <input
          id={ids.confirm}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirm}
          onChange={(e) => onChange("confirm", e.target.value)}
        />
      </div>
    </>
  );
}
