import "client-only";
import { useEffect, useState } from "react";
import { useToasterStore } from "react-hot-toast";

/** react-hot-toast's distance from the window's edges and between stacked toasts. */
const EDGE_PX = 16;
const GUTTER_PX = 8;
/** Space kept between a lifted toast and the control under it. */
const CLEARANCE_PX = 8;

interface Press {
  top: number;
  bottom: number;
  viewportHeight: number;
}

/**
 * Where the bottom-right toasts (the cart's) sit, as the Toaster container's
 * `bottom`: at the window's bottom edge, unless the stack would cover the
 * control just pressed (an Add to Cart low on a phone's screen, whose toast
 * would otherwise hide it and the next card's button under it). Then the
 * stack rises to just above that control, still on the right, so the button
 * that raised the toast stays visible and a second tap lands on it.
 * Presses inside the toasts themselves (an action on a toast) leave it where it is.
 */
export function useToastBottom(): number {
  const [press, setPress] = useState<Press | null>(null);
  useEffect(() => {
    const onPress = (event: MouseEvent) => {
      const control = event.target instanceof Element ? event.target.closest("button, a, [role='button'], input") : null;
      if (!control || control.closest("[data-rht-toaster]")) return;
      const { top, bottom } = control.getBoundingClientRect();
      // The fixed container is placed in the viewport without its scrollbars.
      setPress({ top, bottom, viewportHeight: document.documentElement.clientHeight });
    };
    // Capture: the press is known before the click's own handler raises the toast.
    document.addEventListener("click", onPress, true);
    return () => document.removeEventListener("click", onPress, true);
  }, []);

  const { toasts } = useToasterStore();
  const stack = toasts
    .filter((toast) => toast.visible && toast.position === "bottom-right" && toast.height)
    .reduce((height, toast, index) => height + (toast.height ?? 0) + (index > 0 ? GUTTER_PX : 0), 0);
  if (!press || stack === 0) return EDGE_PX;
  const stackTop = press.viewportHeight - EDGE_PX - stack;
  const covered = press.bottom > stackTop && press.top < press.viewportHeight - EDGE_PX;
  return covered ? Math.max(EDGE_PX, press.viewportHeight - press.top + CLEARANCE_PX) : EDGE_PX;
}
