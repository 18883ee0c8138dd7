/**
 * The operator's pay on delivery switch on Firestore
 * (../contract/payment-settings.ts): the settings/payments document
 * (settings.ts), {payOnDelivery, revision, updatedBy, updatedAt}. No
 * document yet: on, at revision 0.
 */
import { DEFAULT_PAY_ON_DELIVERY, type PaymentSettingsStore } from "../contract/payment-settings";
import type { FirestoreContext } from "./context";
import { firestoreSetting, type Setting } from "./settings";

export const PAYMENT_SETTING: Setting<boolean> = {
  key: "payments",
  field: "payOnDelivery",
  fallback: () => DEFAULT_PAY_ON_DELIVERY,
  what: "The payment settings",
};

export function firestorePaymentSettings(context: FirestoreContext): PaymentSettingsStore {
  const setting = firestoreSetting(context, PAYMENT_SETTING);
  return {
    getPaymentSettings: async () => {
      const { value, revision } = await setting.get();
      return { payOnDelivery: value, revision };
    },
    setPayOnDelivery: async (on, expected, by) => {
      const { value, revision } = await setting.set(on, expected, by);
      return { payOnDelivery: value, revision };
    },
  };
}
