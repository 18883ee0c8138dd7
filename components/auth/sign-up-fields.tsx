"use client";

import styles from "./forms.module.css";
import { NewPasswordPair } from "./new-password-pair";
import type { SignUpField, SignUpValues } from "./use-sign-up-form";

interface SignUpFieldsProps {
  fields: SignUpValues;
  /** Sets a field's value. */
  set: (name: SignUpField, value: string) => void;
  /** The id of the password's hint, which describes the password field. */
  hintId: string;
}

/** The sign-up form's inputs: email, display name, password with its hint, and the password again. */
export function SignUpFields({ fields, set, hintId }: SignUpFieldsProps) {
  return (
    <>
      <div className={styles.field}>
        <label htmlFor="signup-email">Email</label>
        <input
          id="signup-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={(e) => set("email", e.target.value)}
        />
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
          onChange={(e) => set("displayName", e.target.value)}
        />
      </div>
      <NewPasswordPair
        ids={{ password: "signup-password", confirm: "signup-confirm", hint: hintId }}
        labels={{ password: "Password", confirm: "Confirm password" }}
        values={fields}
        onChange={set}
      />
    </>
  );
}
