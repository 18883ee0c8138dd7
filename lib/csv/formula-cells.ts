/**
 * A spreadsheet reads a cell that starts with =, +, -, @, a tab or a carriage
 * return as a formula (OWASP "CSV Injection"): every cell the shop exports
 * that starts so, after any apostrophes, gets one apostrophe more in front,
 * which a spreadsheet shows as text. An import takes that one apostrophe off
 * again, so an export imports back unchanged, whatever the cell held.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** The cell as exported: `value`, or `'value` when a spreadsheet would read it as a formula. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The cell as imported: the apostrophe neutraliseCell added, taken off. */
export function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}
