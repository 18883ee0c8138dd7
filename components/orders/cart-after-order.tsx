"use client";

import { useEffect } from "react";
import { cartState } from "@/lib/cart/browser/cart-state";

/**
 * On a newly placed order's page: the order emptied the cart on the server
 * (in the order's transaction), so this tab's cart state (the header's
 * badge) reads the cart again instead of waiting for the live stream.
 */
export function CartAfterOrder() {
  useEffect(() => {
    void cartState.getState().reload();
  }, []);
  return null;
}
