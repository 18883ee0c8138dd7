/**
 * At most one stack per kind per interval: the first unexpected error of a
 * kind carries its stack, later ones of that kind within the interval go
 * without it (the line says `stackOmitted: true`), so a failure repeating on
 * every request costs one stack a minute, not one a request.
 */
export const STACK_INTERVAL_MS = 60_000;

export interface StackThrottle {
  /** Whether an error of `kind` logged at `now` carries its stack (and, if so, starts the kind's interval). */
  allow(kind: string, now: number): boolean;
}

/** Kinds are few (each is a constant in the code), so the map stays small. */
export function createStackThrottle(intervalMs = STACK_INTERVAL_MS): StackThrottle {
  const lastStackAt = new Map<string, number>();
  return {
    allow(kind, now) {
      const last = lastStackAt.get(kind);
      if (last !== undefined && now - last < intervalMs) return false;
      lastStackAt.set(kind, now);
      return true;
    },
  };
}
