"use client";

import styles from "./forms.module.css";
import { NewPasswordPair, type NewPasswordPart } from "./new-password-pair";

interface NewPasswordFieldsProps {
  /** The account the link is for, shown read-only (and offered to password managers); "" while unknown. */
  email: string;
  values: Record<NewPasswordPart, string>;
  onChange: (part: NewPasswordPart, value: string) => void;
}

/** The new-password form's inputs: the account, then the new password twice (new-password-pair.tsx). */
export function NewPasswordFields({ email, values, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      {email ? (
        <div className={styles.field}>
          <label htmlFor="new-password-email">Account</label>
          <input id="new-password-email" name="email" type="email" autoComplete="username" readOnly value={email} />
        </div>
      ) : null}
      <NewPasswordPair
        ids={{ password: "new-password", confirm: "new-password-confirm", hint: "new-password-hint" }}
        labels={{ password: "New password", confirm: "Confirm new password" }}
        values={values}
        onChange={onChange}
      />
    </>
  );
}
