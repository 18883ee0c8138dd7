const time = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A moment on the desk, in UTC (every admin reads the same time). */
export function OrderTime({ at }: { at: number }) {
  return <time dateTime={new Date(at).toISOString()}>{time.format(at)} UTC</time>;
}
