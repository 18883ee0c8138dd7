/** What a server action's core takes, as the unit tests give it: a posted form, and an admin caller. */
import type { Caller } from "@/lib/admin/guard";

/** An admin posting from the shop's own page (lib/admin/guard.ts): what every admin action takes; a test changes one part to be refused. */
export const ADMIN_CALLER: Caller = {
  origin: "https://shop.example.com",
  host: "shop.example.com",
  forwardedHost: null,
  user: { isAdmin: true, email: "ada@example.com", uid: "ada" },
};

/** A posted form of these fields; an array is a field posted more than once. */
export function formOf(fields: Record<string, string | readonly string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  return form;
}
