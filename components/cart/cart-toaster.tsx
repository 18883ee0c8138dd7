"use client";

import { useEffect, useRef } from "react";
import { Toaster, useToaster, type DefaultToastOptions } from "react-hot-toast";
import { TOAST_DURATION_MS } from "@/lib/cart/browser/toasts";
import { useToastBottom } from "./toast-clearance";

// Every useToaster() runs its own auto-close timers from the options it is
// given, so the pause hook below must get the same ones as the Toaster.
const TOAST_OPTIONS: DefaultToastOptions = {
  duration: TOAST_DURATION_MS,
  success: { duration: TOAST_DURATION_MS },
  error: { duration: TOAST_DURATION_MS },
  blank: { duration: TOAST_DURATION_MS },
};

/**
 * The one Toaster: top-right by default (cart toasts ask for bottom-right),
 * 5000 ms for every kind, paused while hovered (built in), while the window
 * has no focus and while keyboard focus is in a toast (its Undo: below). The
 * bottom-right stack rises above the control that raised it when it would
 * cover it (toast-clearance.ts).
 */
export function CartToaster() {
  const bottom = useToastBottom();
  return (
    <>
      <Toaster position="top-right" toastOptions={TOAST_OPTIONS} containerStyle={{ bottom }} />
      <PauseWhileUnfocused />
    </>
  );
}

function PauseWhileUnfocused() {
  const { handlers } = useToaster(TOAST_OPTIONS);
  const { startPause, endPause } = handlers;
  // Pause and resume only on a change: a second startPause would restart the
  // pause's clock, and the time paused before it would count as shown.
  const paused = useRef(false);
  useEffect(() => {
    const focusInToast = () => document.activeElement?.closest(".cart-toast") != null;
    const sync = () => {
      const pause = !(document.hasFocus() && document.visibilityState === "visible") || focusInToast();
      if (pause === paused.current) return;
      paused.current = pause;
      if (pause) startPause();
      else endPause();
    };
    window.addEventListener("blur", sync);
    window.addEventListener("focus", sync);
    document.addEventListener("visibilitychange", sync);
    document.addEventListener("focusin", sync);
    document.addEventListener("focusout", sync);
    return () => {
      window.removeEventListener("blur", sync);
      window.removeEventListener("focus", sync);
      document.removeEventListener("visibilitychange", sync);
      document.removeEventListener("focusin", sync);
      document.removeEventListener("focusout", sync);
    };
  }, [startPause, endPause]);
  return null;
}
