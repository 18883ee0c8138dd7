// The Stripe stand-in's request parameters and error answers
// (scripts/stripe-stand-in.mjs): Stripe's form encoding decoded into nested
// objects, the readers that check one parameter the way Stripe does, and
// Stripe's error shape.

/** An error the stand-in answers with Stripe's shape: { error: { type, code?, message, param? } }. */
export class StripeError extends Error {
  constructor(status, type, message, { code, param } = {}) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }

  /** The JSON body Stripe answers an error with; a code links to Stripe's page about it, as Stripe's do. */
  toBody() {
    const docUrl = this.code ? `https://stripe.com/docs/error-codes/${this.code.replaceAll("_", "-")}` : undefined;
    return { error: { code: this.code, doc_url: docUrl, message: this.message, param: this.param, type: this.type } };
  }
}

/** 400 invalid_request_error, Stripe's answer to a parameter it refuses. */
export const invalid = (message, param, code) => new StripeError(400, "invalid_request_error", message, { param, code });

/** 404 resource_missing, Stripe's answer to an id it does not know. */
export const missingResource = (kind, id, param) =>
  new StripeError(404, "invalid_request_error", `No such ${kind}: '${id}'`, { code: "resource_missing", param });

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/**
 * Decodes Stripe's form encoding into nested objects: `a[b][0][c]=x` nests,
 * `a[]=x` appends (as key "0", "1", …). A list arrives as an object keyed
 * by index, which list() reads as an array: so `metadata[0]=x` stays a key,
 * as on Stripe. Objects are built without a prototype first, so a key like
 * `__proto__` is a plain key. A key used both as a value and as an object is
 * refused (400), as Stripe refuses it.
 */
export function decodeForm(text) {
  const root = new Map();
  for (const [key, value] of new URLSearchParams(text)) {
    const match = KEY.exec(key);
    if (!match) throw invalid(`Invalid parameter name: ${key}`, key);
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1])];
    let node = root;
    for (const [at, part] of path.entries()) {
      const name = part === "" ? String(node.size) : part;
      if (at === path.length - 1) {
        if (node.get(name) instanceof Map) throw invalid(`Invalid value for ${key}: it is also an object.`, key);
        node.set(name, value);
      } else {
        if (!node.has(name)) node.set(name, new Map());
        node = node.get(name);
        if (!(node instanceof Map)) throw invalid(`Invalid object: ${path.slice(0, at + 1).join("][")} is also a value.`, key);
      }
    }
  }
  return plain(root);
}

const plain = (node) => (node instanceof Map ? Object.fromEntries([...node].map(([key, value]) => [key, plain(value)])) : node);

/**
 * A parameter's text: absent → undefined (or 400 parameter_missing when
 * required); "" → 400 parameter_invalid_empty (Stripe reads an empty value
 * as unsetting, which a create cannot do); an object → 400.
 */
export function text(value, param, { required = false } = {}) {
  if (value === undefined) {
    if (required) throw invalid(`Missing required param: ${param}.`, param, "parameter_missing");
    return undefined;
  }
  if (value === "")
    throw invalid(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      param,
      "parameter_invalid_empty",
    );
  if (typeof value !== "string") throw invalid(`Invalid string: ${JSON.stringify(value)}`, param);
  return value;
}

/** A parameter's whole number, at least `min`: Stripe refuses "12.5" or "abc" (parameter_invalid_integer). */
export function integer(value, param, { required = false, min = 0 } = {}) {
  const raw = text(value, param, { required });
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    throw invalid(`Invalid integer: ${raw}`, param, "parameter_invalid_integer");
  const number = Number(raw);
  if (number < min) throw invalid(`This value must be greater than or equal to ${min}.`, param, "parameter_invalid_integer");
  return number;
}

/** A parameter that must be one of `allowed`. */
export function oneOf(value, param, allowed, { required = false } = {}) {
  const raw = text(value, param, { required });
  if (raw !== undefined && !allowed.includes(raw)) throw invalid(`Invalid ${param}: must be one of ${allowed.join(", ")}`, param);
  return raw;
}

/** A list parameter (`a[0]=…&a[1]=…` or `a[]=…`), in index order; absent → []. */
export function list(value, param) {
  if (value === undefined) return [];
  const keys = typeof value === "object" ? Object.keys(value) : [];
  if (keys.length === 0 || !keys.every((key) => /^(0|[1-9]\d{0,5})$/.test(key))) throw invalid("Invalid array", param);
  return keys.sort((a, b) => a - b).map((key) => value[key]);
}

/** A hash parameter (`a[b]…`); absent → {}. */
export function hash(value, param) {
  if (value === undefined) return {};
  if (typeof value !== "object") throw invalid("Invalid hash", param);
  return value;
}

/** Stripe's metadata: string values, at most 50 keys, keys up to 40 characters, values up to 500. */
export function metadata(value, param = "metadata") {
  const entries = Object.entries(hash(value, param));
  if (entries.length > 50) throw invalid("Invalid metadata: metadata can have up to 50 keys.", param);
  for (const [key, item] of entries) {
    if (typeof item !== "string") throw invalid(`Invalid string: ${JSON.stringify(item)}`, `${param}[${key}]`);
    if (key.length > 40) throw invalid(`Metadata keys can have up to 40 characters, but '${key}' is longer.`, `${param}[${key}]`);
    if (item.length > 500)
      throw invalid(`Metadata values can have up to 500 characters, but '${key}' has a longer value.`, `${param}[${key}]`);
  }
  return Object.fromEntries(entries);
}

/** A currency: three letters, which Stripe takes in any case and answers in lower case. */
export function currency(value, param, { required = true } = {}) {
  const raw = text(value, param, { required });
  if (raw === undefined) return undefined;
  if (!/^[a-z]{3}$/i.test(raw)) throw invalid(`Invalid currency: ${raw}`, param);
  return raw.toLowerCase();
}
