/**
 * fast-check arbitraries for request bodies, generated from the contract's zod schemas (through
 * their JSON Schema, zod's public view of a schema) and then mutated the ways a hostile or broken
 * client would: a field dropped or added, a wrong type, null, an array for an object, huge or
 * odd unicode strings, edge numbers, deep nesting.
 */
import fc, { type Arbitrary } from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

/** Over the body limit: the parser refuses it before any schema sees it. */
export const HUGE_STRING = 'x'.repeat(100_000);
/** Under the body limit: reaches the schema and the handlers. */
const LONG_STRING = 'é'.repeat(30_000);

const ODD_STRINGS = [
  '',
  ' ',
  HUGE_STRING,
  LONG_STRING,
  '\uD800',
  'a\uDFFFb',
  '\u202Eevil\u202C',
  '\u200F\u200E\u061C',
  '\uFEFFbom',
  'e\u0301\u0301\u0301',
  '𝔘𝔫𝔦💥👩‍👩‍👧',
  '\u0000',
  'NaN',
  '-0',
  'Infinity',
  '1e308',
  '0x10',
  '٣',
  'null',
  'undefined',
  '__proto__',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%2e%2e',
];

const ODD_NUMBERS = [0, -0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, Number.MIN_VALUE];

function nested(depth: number, asArray: boolean): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** A value of the wrong kind for most fields. */
const hostileValue: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...ODD_STRINGS, ...ODD_NUMBERS, null, true, false, [], {}, [null], [{}]),
  fc.tuple(fc.integer({ min: 20, max: 2_000 }), fc.boolean()).map(([d, a]) => nested(d, a)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
);

function stringArbitrary(schema: JsonSchema): Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 80, 300);
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (schema.pattern !== undefined) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= maxLength);
    } catch {
      // A pattern fast-check cannot invert: plain strings instead.
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.emailAddress().filter((s) => s.length >= minLength && s.length <= maxLength),
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_000) + (integer ? 1 : 0);
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_000) - (integer ? 1 : 0);
  return integer
    ? fc.integer({ min, max })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Bodies that match the schema's shape (the schema may still refuse some: refinements). */
function arbitraryOf(schema: JsonSchema, depth = 0): Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union !== undefined) return fc.oneof(...union.map((part) => arbitraryOf(part, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, part]) => [key, arbitraryOf(part, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 5),
      });
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An own enumerable property even for `__proto__`, so JSON.stringify sends it. */
function withKey(body: Record<string, unknown>, key: string, value: unknown) {
  const copy = { ...body };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

const EXTRA_KEYS = ['extra', '__proto__', 'constructor', 'userId', 'credits', 'isAdmin', 'id'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A valid-shaped body, or one mutated in one of the ways a bad client sends. */
function mutatedBody(valid: Arbitrary<unknown>): Arbitrary<unknown> {
  const dropField = valid.chain((body) => {
    if (!isRecord(body) || Object.keys(body).length === 0) return fc.constant(body);
    return fc
      .constantFrom(...Object.keys(body))
      .map((key) => Object.fromEntries(Object.entries(body).filter(([name]) => name !== key)));
  });
  const extraField = fc
    .tuple(valid, fc.constantFrom(...EXTRA_KEYS), hostileValue)
    .map(([body, key, value]) => (isRecord(body) ? withKey(body, key, value) : body));
  const wrongField = fc.tuple(valid, hostileValue).chain(([body, value]) => {
    if (!isRecord(body) || Object.keys(body).length === 0) return fc.constant(value);
    return fc.constantFrom(...Object.keys(body)).map((key) => withKey(body, key, value));
  });
  const arrayForObject = valid.map((body) => [body]);
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: dropField, weight: 2 },
    { arbitrary: extraField, weight: 2 },
    { arbitrary: wrongField, weight: 4 },
    { arbitrary: arrayForObject, weight: 1 },
    { arbitrary: hostileValue, weight: 2 },
  );
}

/**
 * The fuzzer's bodies for a route's request schema; `examples` (bodies the route accepts) are
 * mixed in, so mutations also start from requests that reach the handler's own rules.
 */
export function requestBodies(schema: z.ZodType, examples: unknown[] = []): Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const generated = arbitraryOf(json);
  return mutatedBody(
    examples.length === 0 ? generated : fc.oneof(generated, fc.constantFrom(...examples)),
  );
}
