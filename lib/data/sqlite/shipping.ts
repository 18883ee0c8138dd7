/**
 * The operator's shipping zones on SQLite (../contract/shipping.ts): the
 * "shipping" setting (settings.ts), the zones as JSON. No row yet: the
 * defaults at revision 0.
 */
import { DEFAULT_SHIPPING_ZONES, type ShippingStore, type ShippingZone } from "../contract/shipping";
import type { SqliteContext } from "./context";
import { sqliteSetting, type Setting } from "./settings";

export const SHIPPING_SETTING: Setting<ShippingZone[]> = {
  key: "shipping",
  fallback: () => [...DEFAULT_SHIPPING_ZONES],
  what: "The shipping zones",
};

export function sqliteShipping(context: SqliteContext): ShippingStore {
  const setting = sqliteSetting(context, SHIPPING_SETTING);
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
