"use client";

import { PASSWORD_MIN } from "@/lib/auth/auth-messages";
import styles from "./forms.module.css";

interface NewPasswordFieldsProps {
  /** The account the link is for, shown read-only (and offered to password managers); "" while unknown. */
  email: string;
  values: { password: string; confirm: string };
  onChange: (name: "password" | "confirm", value: string) => void;
}

/** The new-password form's inputs: the account, the new password with its hint, and the password again. */
export function NewPasswordFields({ email, values, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      {email ? (
        <div className={styles.field}>
          <label htmlFor="new-password-email">Account</label>
          <input id="new-password-email" name="email" type="email" autoComplete="username" readOnly value={email} />
        </div>
      ) : null}
      <div className={styles.field}>
        <label htmlFor="new-password">New password</label>
        <input
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(e) => onChange("password", e.target.value)}
          aria-describedby="new-password-hint"
        />
        <small id="new-password-hint" className={styles.hint}>
          At least {PASSWORD_MIN} characters.
        </small>
      </div>
      <div className={styles.field}>
        <label htmlFor="new-password-confirm">Confirm new password</label>
        <input
          id="new-password-confirm"
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
