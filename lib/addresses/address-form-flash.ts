/**
 * An address form refused without JavaScript: React's form state does not
 * reach a page rendered after a plain post here, so the refusal travels to
 * the form page in a cookie (lib/cookies.ts: httpOnly, a minute) and the
 * page starts from it: the values typed, each error beside its field. The
 * cookie names the address it is for, so another form never shows it, and
 * what it holds is parsed like any input before it is shown.
 */
import "server-only";
import { z } from "@/lib/data/contract/zod";
import { ADDRESS_FORM_FIELD_NAMES, type AddressFormState } from "./address-form-fields";

const text = z.string().max(1000);
const flashSchema = z.strictObject({
  /** The address edited, or "" for a new one. */
  for: text,
  state: z.strictObject({
    attempt: z.number().int().min(0),
    values: z.strictObject(
      Object.fromEntries(ADDRESS_FORM_FIELD_NAMES.map((name) => [name, text])) as Record<
        (typeof ADDRESS_FORM_FIELD_NAMES)[number],
        typeof text
      >,
    ),
    makeDefault: z.boolean(),
    errors: z.partialRecord(z.enum(ADDRESS_FORM_FIELD_NAMES), text),
    problem: text.nullable(),
  }),
});

/** The cookie's value for a refusal of the form of `addressId` (null: a new address). */
export function addressFormFlash(addressId: string | null, state: AddressFormState): string {
  return Buffer.from(JSON.stringify({ for: addressId ?? "", state })).toString("base64url");
}

/** The refused state a cookie holds for the form of `addressId`; null when it holds none, or another form's, or anything else. */
export function flashedAddressForm(value: string | undefined, addressId: string | null): AddressFormState | null {
  if (!value) return null;
  try {
    const parsed = flashSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success && parsed.data.for === (addressId ?? "") ? parsed.data.state : null;
  } catch {
    return null;
  }
}
