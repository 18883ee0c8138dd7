const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** A price in US dollars, e.g. "$1,299.00"; the only place money is formatted. */
export function Price({ value, className }: { value: number; className?: string }) {
  return (
    <data value={value.toFixed(2)} className={className}>
      {usd.format(value)}
    </data>
  );
}
