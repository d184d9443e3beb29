/**
 * The Stripe stand-in's reading of request parameters: Stripe's form encoding with bracket
 * notation (`line_items[0][price_data][unit_amount]=1000`, `metadata[booking_id]=b1`,
 * `expand[]=line_items`), in bodies and query strings alike, and the refusals Stripe answers for
 * parameters it cannot take (https://docs.stripe.com/api/errors: `invalid_request_error` with
 * `param` naming the parameter and codes such as `parameter_missing`, `parameter_unknown`,
 * `parameter_invalid_integer`).
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

/** Stripe's error object (https://docs.stripe.com/api/errors), as the body's `error`. */
export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
}

/**
 * A refusal, thrown by the stand-in's checks and operations and answered as Stripe's error
 * body. `stage` says whether the request failed its parameter checks (Stripe saves no
 * idempotent result then, https://docs.stripe.com/api/idempotent_requests) or while the
 * endpoint ran (the result is saved and replayed).
 */
export class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
    readonly stage: 'validation' | 'execution' = 'execution',
  ) {
    super(error.message);
  }
}

/** A 400 for a parameter that cannot be taken: not saved for idempotent replay. */
export function invalidParam(param: string, message: string, code?: string): StripeRefusal {
  return new StripeRefusal(
    400,
    { type: 'invalid_request_error', message, param, ...(code ? { code } : {}) },
    'validation',
  );
}

/**
 * Parses a form-encoded text into nested parameters; `[n]` and `[]` segments make arrays. A
 * name used both as a value and as a hash (or array) is refused, as Stripe refuses it.
 */
export function parseStripeForm(text: string): FormParams {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match?.[1]) throw invalidParam(name, `Invalid parameter name: ${name}`);
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
    insert(root, path, value, name);
  }
  return arrays(root) as FormParams;
}

function insert(node: Record<string, unknown>, path: string[], value: string, name: string): void {
  let here = node;
  for (let i = 0; i < path.length; i++) {
    // `[]` appends: the next index of the array being built.
    const segment = path[i] === '' ? String(Object.keys(here).length) : (path[i] as string);
    if (i === path.length - 1) {
      if (typeof here[segment] === 'object') throw invalidParam(name, `Invalid hash: ${name} is also a value`);
      here[segment] = value;
      return;
    }
    const next = here[segment] ?? {};
    if (typeof next !== 'object') throw invalidParam(name, `Invalid hash: ${name} is also a value`);
    here[segment] = next;
    here = next as Record<string, unknown>;
  }
}

/** Turns objects whose keys are 0..n-1 into arrays, all the way down. */
function arrays(node: unknown): FormValue {
  if (typeof node !== 'object' || node === null) return node as string;
  const entries = Object.entries(node as Record<string, unknown>);
  const indexed = entries.length > 0 && entries.every(([k]) => /^(0|[1-9]\d*)$/.test(k));
  if (indexed) {
    const sorted = entries.map(([k, v]) => [Number(k), arrays(v)] as const).sort((a, b) => a[0] - b[0]);
    if (sorted.every(([k], i) => k === i)) return sorted.map(([, v]) => v);
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, arrays(v)]));
}

/** `line_items[0][quantity]`: a parameter's name as Stripe's `param` spells it. */
export function paramName(path: readonly (string | number)[]): string {
  return path.map((p, i) => (i === 0 ? String(p) : `[${p}]`)).join('');
}

/**
 * Reads one endpoint's parameters: each getter refuses a wrong value with Stripe's error,
 * `only` refuses the parameters the endpoint (or the stand-in) does not take.
 */
export class Params {
  constructor(
    private readonly values: FormParams,
    private readonly path: readonly (string | number)[] = [],
  ) {}

  private name(key: string | number): string {
    return paramName([...this.path, key]);
  }

  /** A refusal of this key's value, `param` naming it in full. */
  refuse(key: string, message: string, code?: string): StripeRefusal {
    return invalidParam(this.name(key), message, code);
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  /**
   * Refuses every key outside `allowed` (`parameter_unknown`): one Stripe does not know, or one
   * the stand-in does not implement (stripe-mock tells them apart when it checks the request).
   */
  only(allowed: readonly string[], why = ' (the Stripe stand-in does not implement it)'): this {
    for (const key of Object.keys(this.values)) {
      if (!allowed.includes(key)) {
        throw invalidParam(this.name(key), `Received unknown parameter: ${this.name(key)}${why}`, 'parameter_unknown');
      }
    }
    return this;
  }

  /** Refuses an absent parameter (`parameter_missing`). */
  required(key: string): this {
    if (!this.has(key))
      throw invalidParam(this.name(key), `Missing required param: ${this.name(key)}.`, 'parameter_missing');
    return this;
  }

  string(key: string, max = 5_000): string | undefined {
    const v = this.values[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw invalidParam(this.name(key), `Invalid string: ${this.name(key)} must be a string`);
    if (v.length > max) {
      throw invalidParam(this.name(key), `Invalid string: ${this.name(key)} must be at most ${max} characters`);
    }
    return v;
  }

  int(key: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = this.values[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !/^-?\d+$/.test(v)) {
      throw invalidParam(
        this.name(key),
        `Invalid integer: ${typeof v === 'string' ? v : '(a hash)'}`,
        'parameter_invalid_integer',
      );
    }
    const n = Number(v);
    if (n < min) throw invalidParam(this.name(key), `This value must be greater than or equal to ${min}.`);
    if (n > max) throw invalidParam(this.name(key), `This value must be less than or equal to ${max}.`);
    return n;
  }

  bool(key: string): boolean | undefined {
    const v = this.values[key];
    if (v === undefined) return undefined;
    if (v !== 'true' && v !== 'false') throw invalidParam(this.name(key), `Invalid boolean: ${String(v)}`);
    return v === 'true';
  }

  oneOf<const T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const v = this.string(key);
    if (v === undefined) return undefined;
    if (!allowed.includes(v as T)) {
      throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`);
    }
    return v as T;
  }

  /** A nested hash's parameters. */
  hash(key: string): Params | undefined {
    const v = this.values[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'object' || Array.isArray(v))
      throw invalidParam(this.name(key), `Invalid hash: ${this.name(key)}`);
    return new Params(v, [...this.path, key]);
  }

  /** A nested array of hashes. */
  hashes(key: string): Params[] | undefined {
    const v = this.values[key];
    if (v === undefined) return undefined;
    if (!Array.isArray(v)) throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`);
    return v.map((item, i) => {
      if (typeof item !== 'object' || Array.isArray(item)) {
        const name = paramName([...this.path, key, i]);
        throw invalidParam(name, `Invalid hash: ${name}`);
      }
      return new Params(item, [...this.path, key, i]);
    });
  }

  /** A nested array of strings (`expand[]=…`). */
  strings(key: string): string[] | undefined {
    const v = this.values[key];
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || !v.every((s): s is string => typeof s === 'string')) {
      throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`);
    }
    return v;
  }

  /**
   * `metadata`: string values, at most 50 keys of up to 40 characters and values of up to 500
   * (https://docs.stripe.com/api/metadata). An empty value unsets the key, so it is left out.
   */
  metadata(key = 'metadata'): Record<string, string> | undefined {
    const v = this.values[key];
    if (v === undefined) return undefined;
    // `metadata=` (empty) clears it.
    if (v === '') return {};
    if (typeof v !== 'object' || Array.isArray(v))
      throw invalidParam(this.name(key), `Invalid hash: ${this.name(key)}`);
    const entries = Object.entries(v);
    if (entries.length > 50) throw invalidParam(this.name(key), 'Invalid metadata: metadata can have at most 50 keys');
    const out: Record<string, string> = {};
    for (const [k, value] of entries) {
      const name = paramName([...this.path, key, k]);
      if (typeof value !== 'string') throw invalidParam(name, `Invalid string: ${name} must be a string`);
      if (k.length > 40) throw invalidParam(name, `Invalid metadata: keys can be at most 40 characters (${k})`);
      if (value.length > 500) throw invalidParam(name, 'Invalid metadata: values can be at most 500 characters');
      if (value !== '') out[k] = value;
    }
    return out;
  }
}
