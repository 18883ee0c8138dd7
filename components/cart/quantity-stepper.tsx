"use client";

import { useId, useState, type KeyboardEvent } from "react";
import { MAX_LINE_QUANTITY } from "@/lib/cart/cart-lines";
import styles from "./quantity-stepper.module.css";

interface QuantityStepperProps {
  /** The product's name, for the controls' accessible names. */
  name: string;
  quantity: number;
  /** Before hydration the buttons would do nothing: shown, but disabled. */
  disabled: boolean;
  onChange(quantity: number): void;
  onRemove(): void;
}

/** "12" from what was typed, or null when it is not a whole number from 1 to 999. */
function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= MAX_LINE_QUANTITY ? value : null;
}

/**
 * Minus, the number (typed in, committed on Enter or leaving the field; Escape
 * puts it back) and plus. At 1, minus becomes "remove": one press fewer than
 * zero would be. A number outside 1..999 is refused in words next to the
 * field and the line keeps its quantity.
 */
export function QuantityStepper({ name, quantity, disabled, onChange, onRemove }: QuantityStepperProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const commit = () => {
    if (draft === null) return;
    const value = parseQuantity(draft);
    setDraft(null);
    if (value === null) {
      setProblem(`Enter a quantity from 1 to ${MAX_LINE_QUANTITY}.`);
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
    }
  };

  return (
    <div className={styles.stepper}>
      <div className={styles.controls} role="group" aria-label={`Quantity of ${name}`}>
        {quantity <= 1 ? (
          <button type="button" className={styles.button} onClick={onRemove} disabled={disabled} aria-label={`Remove ${name} from the cart`}>
            <span aria-hidden="true">×</span>
          </button>
        ) : (
          <button type="button" className={styles.button} onClick={() => step(quantity - 1)} disabled={disabled} aria-label={`One fewer ${name}`}>
            <span aria-hidden="true">−</span>
          </button>
        )}
        <input
          className={styles.input}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={3}
          aria-label={`Quantity of ${name}`}
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          data-testid="quantity"
          value={draft ?? String(quantity)}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className={styles.button}
          onClick={() => step(quantity + 1)}
          disabled={disabled || quantity >= MAX_LINE_QUANTITY}
          aria-label={`One more ${name}`}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {problem ? (
        <p id={problemId} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
