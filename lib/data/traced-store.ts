/**
 * Every store call in a span of its own (lib/tracing/span.ts), named
 * "store <call>", with the backend (db.system.name), the call
 * (db.operation.name) and its part of the store (storefront.store.concern:
 * catalog, cart, orders…), never its arguments: a trace shows which store
 * call a slow request waited on, not what a shopper wrote. The watchers
 * (watch*) answer at once with an unsubscribe and are left as they are.
 */
import { inSpan } from "@/lib/tracing/span";
import type { Store } from "./contract/store";

export function traced<Door extends object>(concern: string, backend: Store["kind"], door: Door): Door {
  return Object.fromEntries(
    Object.entries(door).map(([call, fn]) => [
      call,
      typeof fn !== "function" || call.startsWith("watch")
        ? fn
        : (...args: unknown[]) =>
            inSpan(`store ${call}`, { "db.system.name": backend, "db.operation.name": call, "storefront.store.concern": concern }, () =>
              (fn as (...a: unknown[]) => unknown)(...args),
            ),
    ]),
  ) as Door;
}
