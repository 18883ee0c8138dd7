/**
 * zod as every schema of the contract uses it. The Content-Security-Policy
 * has no 'unsafe-eval' (docs/SECURITY.md); left to itself, zod probes
 * `Function("")` on its first object parse to decide whether to compile
 * parsers, and in the browser that probe is a CSP violation (blocked and
 * reported). Its interpreter is plenty fast for our inputs. Importing zod
 * through this module sets that before any schema is built.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
