"use client";

import { useRef, useState, type KeyboardEvent } from "react";
import { parseQuantity, QUANTITY_RANGE_MESSAGE, stepQuantity } from "@/lib/cart/quantity-input";

/** The words under the stepper once the line holds all the stock (or more: a sale took some since). */
export function stockLimitWords(stock: number): string {
  return stock <= 0 ? "Out of stock" : `Only ${stock} in stock`;
}

interface QuantityDraftOptions {
  quantity: number;
  /** The product's tracked stock, or null: a larger number typed is refused in its words. */
  stock: number | null;
  /** Where Arrow Up stops: the line's most, or the number typed when that is more. */
  most: number;
  onChange(quantity: number): void;
}

/**
 * The number field of a stepper (quantity-stepper.tsx says what each key
 * does): the number typed (`draft`, null while the field shows the
 * quantity), its refusal (`problem`), the key handlers, and `step`, which
 * sets a quantity from the buttons.
 */
export function useQuantityDraft({ quantity, stock, most, onChange }: QuantityDraftOptions) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const refuse = (words: string) => {
    setProblem(words);
    // Back to the field (also when the refusal came from leaving it), its
    // number selected to type over, once the refused text is replaced.
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
  };
  const commit = () => {
    if (draft === null) return;
    const value = parseQuantity(draft);
    setDraft(null);
    if (value === null) return refuse(QUANTITY_RANGE_MESSAGE);
    if (stock !== null && value > stock && value > quantity) return refuse(`${stockLimitWords(stock)}.`);
    setProblem(null);
    if (value !== quantity) onChange(value);
  };
  const step = (value: number) => {
    setProblem(null);
    setDraft(null);
    onChange(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    } else if (event.key === "Escape") {
      setDraft(null);
      setProblem(null);
    } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      const from = draft === null ? quantity : (parseQuantity(draft) ?? quantity);
      setProblem(null);
      const stepped = stepQuantity(from, event.key === "ArrowUp" ? 1 : -1);
      setDraft(String(event.key === "ArrowUp" ? Math.min(stepped, Math.max(most, from)) : stepped));
    }
  };
  const onKeyUp = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowUp" || event.key === "ArrowDown") commit();
  };
  return { input, draft, setDraft, problem, commit, step, onKeyDown, onKeyUp };
}
