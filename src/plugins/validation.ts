// Request validation: bodies are checked strictly (no type coercion, unknown fields refused),
// while params and query strings are coerced because they arrive as text.
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { removeControlCharactersIn } from '@shared/text';

// ajv-formats is CommonJS: its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

function createAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allErrors: true,
    strict: false,
  });
  addFormats(ajv, ['email', 'uri', 'date-time', 'date']);
  return ajv;
}

const strictAjv = createAjv(false);
const coercingAjv = createAjv(true);

/**
 * Keys and items a JSON body may hold in all, nested ones included. No form of the site comes
 * near it (a post is a dozen fields and 20 pictures); 90,000 unknown keys in a 1 MB body made ajv
 * build 90,000 errors, about half a second of CPU for one unauthenticated request.
 */
export const MAX_BODY_NODES = 2000;

/** True once more than `limit` keys and items were seen; stops counting there. */
function holdsMoreThan(value: unknown, limit: number): boolean {
  const pending: unknown[] = [value];
  let seen = 0;
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object') continue;
    const children = Array.isArray(next) ? next : Object.values(next as object);
    seen += children.length;
    if (seen > limit) return true;
    for (const child of children) if (child !== null && typeof child === 'object') pending.push(child);
  }
  return false;
}

const TOO_MANY_NODES: ErrorObject = { keyword: 'maxProperties', instancePath: '', schemaPath: '#', params: { limit: MAX_BODY_NODES }, message: 'too many fields' };

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Each route's validator is compiled by its first request, not at start: most routes (the staff
 * API above all) are never called in a server's first minutes, and compiling them all cost start-up
 * CPU and heap for nothing (docs/decisions.md, "Cold start: what could wait, measured"). Compiled
 * once: ajv keeps what it compiled by schema object, so routes sharing a schema share the function.
 * Fastify reads `.errors` of the function it was given after a failed call: copied there.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const isBody = httpPart === 'body';
  let compiled: Validate | undefined;
  const validate: Validate = (data) => {
    compiled ??= (isBody ? strictAjv : coercingAjv).compile(schema as object) as Validate;
    if (isBody) {
      // Checked before ajv, which would otherwise list every one of them first.
      if (holdsMoreThan(data, MAX_BODY_NODES)) {
        validate.errors = [TOO_MANY_NODES];
        return false;
      }
      // Stored text never holds control characters (tab and newlines are kept): removed here,
      // once, for every JSON body, before the schema checks lengths and required text.
      removeControlCharactersIn(data);
    }
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate as ReturnType<FastifySchemaCompiler<unknown>>;
};
