// The load generators' common set-up: a command on PATH, installed from
// Debian when missing (scripts/lib/apt.mjs), or an error saying how to get it.
import { execFileSync } from "node:child_process";
import { aptInstall } from "../../scripts/lib/apt.mjs";

/** Whether `command` runs (some tools exit non-zero on a version flag; only a missing binary counts). */
function present(command, versionArgs) {
  try {
    execFileSync(command, versionArgs, { stdio: "ignore" });
    return true;
  } catch (error) {
    return error.code !== "ENOENT";
  }
}

/** `command` on PATH, from the Debian package `aptPackage` when missing; otherwise throws `howTo`. */
export function ensureTool({ command, versionArgs, aptPackage, howTo, log = console.log }) {
  if (present(command, versionArgs)) return;
  if (aptInstall(aptPackage, { log, why: `for ${command}, used by the throughput steps` }) && present(command, versionArgs)) return;
  throw new Error(howTo);
}
