/**
 * HTML text for the pages the shop answers without React (lib/no-script):
 * every interpolated value is escaped unless it is already Html, so a
 * product name or a typed email can never become markup.
 */

/** Markup that is safe to insert as is: built only by `html` or `Html.raw`. */
export class Html {
  private constructor(readonly text: string) {}

  /** Markup written in this codebase (never data). */
  static raw(text: string): Html {
    return new Html(text);
  }

  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return "";
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join("");
  return escapeHtml(String(part));
}

/** A tagged template: the literal parts are markup, every `${value}` is escaped (arrays are joined, null and false are empty). */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let text = strings[0];
  values.forEach((value, index) => {
    text += render(value) + strings[index + 1];
  });
  return Html.raw(text);
}
