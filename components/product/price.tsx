import { centsAsDecimal, formatCents } from "@/lib/money";

/** An amount in whole cents shown in US dollars, e.g. "$1,299.00", formatted as everywhere else (lib/money.ts). */
export function Price({ cents, className }: { cents: number; className?: string }) {
  return (
    <data value={centsAsDecimal(cents)} className={className}>
      {formatCents(cents)}
    </data>
  );
}
