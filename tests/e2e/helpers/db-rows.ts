/** What the specs read back from either store, in one shape (helpers/db.ts). */

export interface UserRow {
  uid: string;
  display_name: string;
  email: string;
  created_at: number;
}

export interface ProductRow {
  id: string;
  name: string;
  type: string;
  price_cents: number;
}

export interface CartLine {
  owner: string;
  productId: string;
  quantity: number;
}
