"use client";

import { useId } from "react";
import { MAX_LINE_QUANTITY } from "@/lib/cart/cart-lines";
import styles from "./quantity-stepper.module.css";
import { stockLimitWords, useQuantityDraft } from "./use-quantity-draft";

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

/**
 * Minus, the number (typed in, committed on Enter or leaving the field; Escape
 * puts it back; Arrow Up and Down step it, committed when the key is let go,
 * so a held key makes one change) and plus. Minus stops at 1 and plus at 999,
 * or at the product's stock when it is tracked (then "Only N in stock" shows
 * under it, and a larger number typed is refused in those words; the server
 * refuses it too, lib/cart/stock-check.ts): there they say so and do nothing, but keep focus (aria-disabled, not
 * disabled, which would drop it); the line's Delete is the one way to remove
 * it. A number outside 1..999 is refused in words next to the field, the
 * line keeps its quantity and focus stays in the field (the field's state:
 * use-quantity-draft.ts).
 */
export function QuantityStepper({ name, quantity, disabled, onChange, stock = null }: QuantityStepperProps) {
  const problemId = useId();
  const leastId = useId();
  const mostId = useId();
  const atLeast = quantity <= 1;
  const stockId = useId();
  const most = stock === null ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, Math.max(stock, 0));
  const atStock = stock !== null && quantity >= stock;
  const atMost = quantity >= most;
  const { input, draft, setDraft, problem, commit, step, onKeyDown, onKeyUp } = useQuantityDraft({ quantity, stock, most, onChange });

  return (
    <div className={styles.stepper}>
      <div className={styles.controls} role="group" aria-label={`Quantity of ${name}`}>
        <StepButton
          label={`One fewer ${name}`}
          symbol="−"
          stop={atLeast}
          why={leastId}
          disabled={disabled}
          onStep={() => step(quantity - 1)}
        />
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
        <StepButton
          label={`One more ${name}`}
          symbol="+"
          stop={atMost}
          why={atStock ? stockId : mostId}
          disabled={disabled}
          onStep={() => step(quantity + 1)}
        />
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

interface StepButtonProps {
  label: string;
  symbol: string;
  /** At its end: then it does nothing, and `why` is the id of the words that say so. */
  stop: boolean;
  why: string;
  disabled: boolean;
  onStep(): void;
}

/** Minus or plus. */
function StepButton({ label, symbol, stop, why, disabled, onStep }: StepButtonProps) {
  return (
    <button
      type="button"
      className={styles.button}
      onClick={() => {
        if (!stop) onStep();
      }}
      disabled={disabled}
      aria-disabled={stop || undefined}
      aria-describedby={stop ? why : undefined}
      aria-label={label}
    >
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
}
