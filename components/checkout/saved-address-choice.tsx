import Form from "next/form";
import { SAVED_ADDRESS_PARAM } from "@/lib/orders/checkout-fields";
import type { SavedAddressChoice as Choice } from "@/lib/orders/returning-shopper";
import styles from "./checkout-form.module.css";

interface SavedAddressChoiceProps {
  /** The account's saved addresses, the default first. */
  choices: Choice[];
  /** The one the checkout's fields hold. */
  chosenId: string | null;
  /** The checkout page this form asks again. */
  action: string;
}

/**
 * A signed-in shopper's saved addresses, above the checkout: choosing one
 * asks the checkout again with it (`?address=`), whose fields then start
 * from it. A GET form of its own (the checkout's form cannot hold another),
 * so it works alike with and without JavaScript.
 */
export function SavedAddressChoice({ choices, chosenId, action }: SavedAddressChoiceProps) {
  return (
    <Form action={action} className={styles.savedAddresses} aria-label="Saved addresses">
      <label htmlFor="checkout-saved-address">Ship to a saved address</label>
      <div className={styles.savedAddressRow}>
        <select id="checkout-saved-address" name={SAVED_ADDRESS_PARAM} defaultValue={chosenId ?? undefined} className={styles.input}>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
        <button type="submit" className={styles.useAddress}>
          Use this address
        </button>
      </div>
    </Form>
  );
}
