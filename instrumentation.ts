/**
 * Runs once when a server process starts (Next's instrumentation hook). The
 * work is Node-only (./instrumentation-node.ts): behind this runtime check and
 * a dynamic import, Next's Edge build never sees its process.exit and never
 * warns about it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServerProcess } = await import("./instrumentation-node");
  await startServerProcess();
}
