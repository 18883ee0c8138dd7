import { formatUsd } from "@/lib/money";

/** A price in US dollars, e.g. "$1,299.00", formatted as everywhere else (lib/money.ts). */
export function Price({ value, className }: { value: number; className?: string }) {
  return (
    <data value={value.toFixed(2)} className={className}>
      {formatUsd(value)}
    </data>
  );
}
