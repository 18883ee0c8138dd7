"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { MAX_LINE_QUANTITY } from "@/lib/cart/cart-lines";
import { parseQuantity, QUANTITY_RANGE_MESSAGE, stepQuantity } from "@/lib/cart/quantity-input";
import styles from "./quantity-stepper.module.css";

interface QuantityStepperProps {
  /** The product's name, for the controls' accessible names. */
  name: string;
  quantity: number;
  /** Before hydration the buttons would do nothing: shown, but disabled. */
  disabled: boolean;
  onChange(quantity: number): void;
  /** The product's stock when tracked (null or absent: not tracked): plus stops there, and a larger number is refused. */
  stock?: number | null;
}

/** The words under the stepper once the line holds all the stock (or more: a sale took some since). */
function stockLimitWords(stock: number): string {
  return stock <= 0 ? "Out of stock" : `Only ${stock} in stock`;
}

/**
 * Minus, the number (typed in, committed on Enter or leaving the field; Escape
 * puts it back; Arrow Up and Down step it, committed when the key is let go,
 * so a held key makes one change) and plus. Minus stops at 1 and plus at 999,
 * or at the product's stock when it is tracked (then "Only N in stock" shows
 * under it, and a larger number typed is refused in those words; the server
 * refuses it too, lib/cart/stock-check.ts): there they say so and do nothing, but keep focus (aria-disabled, not
 * disabled, which would drop it); the line's Delete is the one way to remove
 * it. A number outside 1..999 is refused in words next to the field, the
 * line keeps its quantity and focus stays in the field.
 */
export function QuantityStepper({ name, quantity, disabled, onChange, stock = null }: QuantityStepperProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const leastId = useId();
  const mostId = useId();
  const atLeast = quantity <= 1;
  const stockId = useId();
  const most = stock === null ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, Math.max(stock, 0));
  const atStock = stock !== null && quantity >= stock;
  const atMost = quantity >= most;

  const commit = () => {
    if (draft === null) return;
    const value = parseQuantity(draft);
    setDraft(null);
    if (value === null) {
      setProblem(QUANTITY_RANGE_MESSAGE);
      // Back to the field (also when the refusal came from leaving it), its
      // number selected to type over, once the refused text is replaced.
      requestAnimationFrame(() => {
        input.current?.focus();
        input.current?.select();
      });
      return;
    }
    if (stock !== null && value > stock && value > quantity) {
      setProblem(`${stockLimitWords(stock)}.`);
      requestAnimationFrame(() => {
        input.current?.focus();
        input.current?.select();
      });
      return;
    }
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

  return (
    <div className={styles.stepper}>
      <div className={styles.controls} role="group" aria-label={`Quantity of ${name}`}>
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            if (!atLeast) step(quantity - 1);
          }}
          disabled={disabled}
          aria-disabled={atLeast || undefined}
          aria-describedby={atLeast ? leastId : undefined}
          aria-label={`One fewer ${name}`}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          ref={input}
          className={styles.input}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          aria-label={`Quantity of ${name}`}
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          data-testid="quantity"
          value={draft ?? String(quantity)}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
        />
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            if (!atMost) step(quantity + 1);
          }}
          disabled={disabled}
          aria-disabled={atMost || undefined}
          aria-describedby={atMost ? (atStock ? stockId : mostId) : undefined}
          aria-label={`One more ${name}`}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {/* Hidden, yet the buttons' descriptions when they stop: read with the button, not on its own. */}
      <span id={leastId} hidden>
        1 is the fewest: Delete removes {name} from the cart.
      </span>
      <span id={mostId} hidden>
        {MAX_LINE_QUANTITY} is the most a line holds.
      </span>
      {atStock ? (
        <p id={stockId} className={styles.stock} data-testid="stock-limit">
          {stockLimitWords(stock)}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
