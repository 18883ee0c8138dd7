/**
 * The action fields of a form posted without JavaScript (a server action's
 * form: React writes them, the browser posts them as they are), checked
 * before Next decodes them with React's decodeAction, which throws (a 500)
 * on anything it cannot resolve:
 * - `$ACTION_ID_<id>`: an unbound action, named by its id;
 * - `$ACTION_REF_<p>` with the fields `$ACTION_<p>:<n>`: a bound action
 *   (useActionState's), whose fields are the chunks of a Flight reply: chunk
 *   0 names the action (`{"id":…,"bound":"$@1"}`), the others hold its bound
 *   arguments. Each must be JSON of plain values; a reference may point only
 *   at another chunk of the same form (`$@1`).
 * `$ACTION_KEY` is React's own. The form's other fields are the form's, given
 * to the action as they are. Pure.
 */
import { actionIdRefusal, onlyPlainValues, type ActionRefusal, type KnownAction } from "./action-call-rules";

const MALFORMED: ActionRefusal = { status: 400, message: "A form's server action fields could not be read." };
const CHUNK_FIELD = /^\$ACTION_(.+):(\d+)$/;
const CHUNK_REFERENCE = /^\$@?([0-9a-f]+)$/;

/** The bound action's chunks by prefix, each chunk's JSON text by its number; null when a field is malformed. */
function chunksOf(form: FormData): Map<string, Map<number, string>> | null {
  const chunks = new Map<string, Map<number, string>>();
  for (const [key, value] of form.entries()) {
    if (!key.startsWith("$ACTION_") || key === "$ACTION_KEY" || key.startsWith("$ACTION_ID_") || key.startsWith("$ACTION_REF_")) continue;
    const match = CHUNK_FIELD.exec(key);
    if (!match || typeof value !== "string") return null;
    const [, prefix, index] = match;
    if (!chunks.has(prefix)) chunks.set(prefix, new Map());
    chunks.get(prefix)!.set(Number(index), value);
  }
  return chunks;
}

/** The refusal for one bound action's chunks (chunk 0 names it), or null. */
function boundActionRefusal(parts: Map<number, string> | undefined, isKnownAction: KnownAction | undefined): ActionRefusal | null {
  const named = parts?.get(0);
  if (!parts || named === undefined) return MALFORMED;
  const hasChunk = (reference: string) => {
    const match = CHUNK_REFERENCE.exec(reference);
    return match !== null && parts.has(parseInt(match[1], 16));
  };
  const decoded: unknown[] = [];
  for (const text of parts.values()) {
    try {
      decoded.push(JSON.parse(text));
    } catch {
      return MALFORMED;
    }
  }
  if (!decoded.every((value) => onlyPlainValues(value, hasChunk))) return MALFORMED;
  const id = (JSON.parse(named) as { id?: unknown } | null)?.id;
  return typeof id === "string" ? actionIdRefusal(id, isKnownAction) : MALFORMED;
}

/** The refusal for a form's server action fields, or null (none, or all well-formed and naming an action this build has). */
export function actionFormRefusal(form: FormData, isKnownAction: KnownAction | undefined): ActionRefusal | null {
  const chunks = chunksOf(form);
  if (!chunks) return MALFORMED;
  for (const key of form.keys()) {
    const refusal = key.startsWith("$ACTION_ID_")
      ? actionIdRefusal(key.slice("$ACTION_ID_".length), isKnownAction)
      : key.startsWith("$ACTION_REF_")
        ? boundActionRefusal(chunks.get(key.slice("$ACTION_REF_".length)), isKnownAction)
        : null;
    if (refusal) return refusal;
  }
  return null;
}
