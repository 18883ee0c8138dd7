"use client";

import styles from "@/components/auth/forms.module.css";

interface CurrentPasswordFieldProps {
  /** The input's id: each form on the account page has its own. */
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** The account's current password, which Firebase checks before the email or the password changes. */
export function CurrentPasswordField({ id, value, onChange }: CurrentPasswordFieldProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Current password</label>
      <input
        id={id}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
