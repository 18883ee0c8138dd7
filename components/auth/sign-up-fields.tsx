"use client";

import { PASSWORD_MIN } from "@/lib/auth/auth-messages";
import styles from "./forms.module.css";
import type { SignUpField, SignUpValues } from "./use-sign-up-form";

interface SignUpFieldsProps {
  fields: SignUpValues;
  /** The change handler of a field. */
  set: (name: SignUpField) => (event: { target: { value: string } }) => void;
  /** The id of the password's hint, which describes the password field. */
  hintId: string;
}

/** The sign-up form's inputs: email, display name, password with its hint, and the password again. */
export function SignUpFields({ fields, set, hintId }: SignUpFieldsProps) {
  return (
    <>
      <div className={styles.field}>
        <label htmlFor="signup-email">Email</label>
        <input id="signup-email" name="email" type="email" autoComplete="email" required value={fields.email} onChange={set("email")} />
      </div>
      <div className={styles.field}>
        <label htmlFor="signup-name">Display name</label>
        <input
          id="signup-name"
          name="displayName"
          autoComplete="nickname"
          required
          maxLength={80}
          value={fields.displayName}
          onChange={set("displayName")}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="signup-password">Password</label>
        <input
          id="signup-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={fields.password}
          onChange={set("password")}
          aria-describedby={hintId}
        />
        <small id={hintId} className={styles.hint}>
          At least {PASSWORD_MIN} characters.
        </small>
      </div>
      <div className={styles.field}>
        <label htmlFor="signup-confirm">Confirm password</label>
        <input
          id="signup-confirm"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={fields.confirm}
          onChange={set("confirm")}
        />
      </div>
    </>
  );
}
