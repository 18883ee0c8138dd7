/**
 * The operator's shipping zones on Firestore (../contract/shipping.ts): the
 * settings/shipping document (settings.ts), {zones, revision, updatedBy,
 * updatedAt}. No document yet: the defaults at revision 0.
 */
import { DEFAULT_SHIPPING_ZONES, type ShippingStore, type ShippingZone } from "../contract/shipping";
import type { FirestoreContext } from "./context";
import { firestoreSetting, type Setting } from "./settings";

export const SHIPPING_SETTING: Setting<ShippingZone[]> = {
  key: "shipping",
  field: "zones",
  fallback: () => [...DEFAULT_SHIPPING_ZONES],
  what: "The shipping zones",
};

export function firestoreShipping(context: FirestoreContext): ShippingStore {
  const setting = firestoreSetting(context, SHIPPING_SETTING);
  return {
    getShippingZones: async () => {
      const { value, revision } = await setting.get();
      return { zones: value, revision };
    },
    setShippingZones: async (zones, expected, by) => {
      const { value, revision } = await setting.set(zones, expected, by);
      return { zones: value, revision };
    },
  };
}
