// Request validation: bodies are checked strictly (no type coercion, unknown fields refused),
// while params and query strings are coerced because they arrive as text.
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { ERROR_LIMITS, type ErrorItem } from '../errors';
import { fieldLabelAr } from './field-labels';

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

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strictAjv : coercingAjv;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
};

/** The field an ajv error is about, e.g. "title" or "branch.0.phone". */
function fieldOf(error: ErrorObject): string | null {
  const segments = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  return segments.length > 0 ? segments.join('.') : null;
}

function lastSegment(field: string | null): string {
  if (!field) return '';
  const parts = field.split('.');
  return parts[parts.length - 1];
}

/** Turns one ajv error into a bilingual message a person can act on. */
export function describeValidationError(error: ErrorObject): ErrorItem {
  const field = fieldOf(error);
  const name = lastSegment(field) || 'value';
  const nameAr = fieldLabelAr(name);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field, messageEn: `${name} is required`, messageAr: `${nameAr} مطلوب` };
    case 'minLength':
      return p.limit === 1
        ? { field, messageEn: `${name} is required`, messageAr: `${nameAr} مطلوب` }
        : { field, messageEn: `${name} must be at least ${p.limit} characters`, messageAr: `يجب أن يكون ${nameAr} ${p.limit} أحرف على الأقل` };
    case 'maxLength':
      return { field, messageEn: `${name} must be at most ${p.limit} characters`, messageAr: `يجب ألا يزيد ${nameAr} عن ${p.limit} حرفاً` };
    case 'pattern':
      return { field, messageEn: `${name} is required`, messageAr: `${nameAr} مطلوب` };
    case 'format':
      return p.format === 'email'
        ? { field, messageEn: 'Please enter a valid email', messageAr: 'يرجى إدخال بريد إلكتروني صحيح' }
        : { field, messageEn: `${name} is not in a valid format`, messageAr: `صيغة ${nameAr} غير صحيحة` };
    case 'enum':
    case 'const':
    case 'anyOf':
      return { field, messageEn: `${name} has a value that is not allowed`, messageAr: `قيمة ${nameAr} غير مسموح بها` };
    case 'type':
      return { field, messageEn: `${name} must be of type ${p.type}`, messageAr: `نوع ${nameAr} غير صحيح` };
    case 'minimum':
    case 'maximum':
      return { field, messageEn: `${name} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${p.limit}`, messageAr: `يجب أن تكون قيمة ${nameAr} ${error.keyword === 'minimum' ? 'على الأقل' : 'على الأكثر'} ${p.limit}` };
    case 'maxItems':
      return { field, messageEn: `${name} has too many items (at most ${p.limit})`, messageAr: `عدد عناصر ${nameAr} كبير جداً (الحد الأقصى ${p.limit})` };
    case 'additionalProperties':
      return { field, messageEn: `${name} is not an allowed field`, messageAr: `الحقل ${nameAr} غير مسموح به` };
    default:
      return { field, messageEn: `${name} is not valid`, messageAr: `${nameAr} غير صالح` };
  }
}

/**
 * One entry per field: ajv with allErrors can report a field twice (e.g. minLength and pattern).
 * Stops at `limit` fields: the answer never lists more (see ERROR_LIMITS).
 */
export function describeValidationErrors(errors: ErrorObject[], limit: number = ERROR_LIMITS.items): ErrorItem[] {
  const byField = new Map<string, ErrorItem>();
  const anyOfPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  for (const error of errors) {
    // anyOf reports every failed branch before its summary; the summary alone is clearer.
    if (error.keyword !== 'anyOf' && anyOfPaths.has(error.instancePath)) continue;
    const item = describeValidationError(error);
    const key = item.field ?? '';
    if (!byField.has(key)) byField.set(key, item);
    if (byField.size >= limit) break;
  }
  return [...byField.values()];
}
