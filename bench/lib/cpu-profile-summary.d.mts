export interface CallFrame {
  url: string;
  functionName: string;
}
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame }>;
  samples: number[];
  timeDeltas: number[];
}
export interface Options {
  buildDir?: string;
  cwd?: string;
}
export function originOf(frame: CallFrame, options?: Options): string;
export function summarizeProfile(
  profile: CpuProfile,
  options?: Options,
): {
  totalMs: number;
  idleMs: number;
  origins: Array<{ origin: string; ms: number }>;
  functions: Array<{ name: string; origin: string; ms: number }>;
};
