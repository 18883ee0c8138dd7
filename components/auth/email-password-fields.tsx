"use client";

import styles from "./forms.module.css";

interface EmailPasswordFieldsProps {
  /** Prefix of the inputs' ids: "signin" gives #signin-email and #signin-password. */
  idPrefix: string;
  email: string;
  password: string;
  onEmail: (value: string) => void;
  onPassword: (value: string) => void;
}

/** The email and password inputs every sign-in form shares. */
export function EmailPasswordFields({ idPrefix, email, password, onEmail, onPassword }: EmailPasswordFieldsProps) {
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-email`}>Email</label>
        <input
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => onEmail(e.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-password`}>Password</label>
        <input
          id={`${idPrefix}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
      </div>
    </>
  );
}
