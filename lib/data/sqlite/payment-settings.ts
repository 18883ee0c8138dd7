/**
 * The operator's pay on delivery switch on SQLite
 * (../contract/payment-settings.ts): the "payments" setting (settings.ts),
 * `{"payOnDelivery": boolean}`. No row yet: on, at revision 0.
 */
import { DEFAULT_PAY_ON_DELIVERY, type PaymentSettingsStore } from "../contract/payment-settings";
import type { SqliteContext } from "./context";
import { sqliteSetting, type Setting } from "./settings";

export const PAYMENT_SETTING: Setting<{ payOnDelivery: boolean }> = {
  key: "payments",
  fallback: () => ({ payOnDelivery: DEFAULT_PAY_ON_DELIVERY }),
  what: "The payment settings",
};

export function sqlitePaymentSettings(context: SqliteContext): PaymentSettingsStore {
  const setting = sqliteSetting(context, PAYMENT_SETTING);
  return {
    getPaymentSettings: async () => {
      const { value, revision } = await setting.get();
      return { payOnDelivery: value.payOnDelivery, revision };
    },
    setPayOnDelivery: async (on, expected, by) => {
      const { value, revision } = await setting.set({ payOnDelivery: on }, expected, by);
      return { payOnDelivery: value.payOnDelivery, revision };
    },
  };
}
