// The messages of schema violations: one ajv error becomes a bilingual message that names its
// field as the dashboard's form labels it (field-labels.ts). Kept apart from the validator itself,
// which the command-line tools load without the dashboard's words.
import type { ErrorObject } from 'ajv';
import { ERROR_LIMITS, type ErrorItem } from '../errors';
import type { FieldGroup } from '@shared/field-labels';
import { bilingualField } from './field-labels';

/** The field an ajv error is about, e.g. "title" or "branch.0.phone". */
function fieldOf(error: ErrorObject): string | null {
  const segments = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  return segments.length > 0 ? segments.join('.') : null;
}

const WHOLE_REQUEST = { en: { context: '', label: 'The request' }, ar: { context: '', label: 'الطلب' } };

/** Turns one ajv error into a bilingual message a person can act on, naming the field as its form does. */
export function describeValidationError(error: ErrorObject, group: FieldGroup | null = null): ErrorItem {
  const field = fieldOf(error);
  const named = field === null ? WHOLE_REQUEST : bilingualField(group, field);
  // "Branch 2: " before the sentence when the field sits in a list; the sentence names the field itself.
  const say = (en: (name: string) => string, ar: (name: string) => string): ErrorItem =>
    ({ field, messageEn: `${named.en.context}${en(named.en.label)}`, messageAr: `${named.ar.context}${ar(named.ar.label)}` });
  const p = error.params as Record<string, unknown>;
  const required = () => say((name) => `${name} is required`, (name) => `${name} مطلوب`);
  switch (error.keyword) {
    case 'required':
      return required();
    case 'minLength':
      return p.limit === 1 ? required()
        : say((name) => `${name} must be at least ${p.limit} characters`, (name) => `يجب أن يكون ${name} ${p.limit} أحرف على الأقل`);
    case 'maxLength':
      return say((name) => `${name} must be at most ${p.limit} characters`, (name) => `يجب ألا يزيد ${name} عن ${p.limit} حرفاً`);
    case 'pattern':
      return required();
    case 'format':
      return p.format === 'email'
        ? say(() => 'Please enter a valid email', () => 'يرجى إدخال بريد إلكتروني صحيح')
        : say((name) => `${name} is not in a valid format`, (name) => `صيغة ${name} غير صحيحة`);
    case 'enum':
    case 'const':
    case 'anyOf':
      return say((name) => `${name} has a value that is not allowed`, (name) => `قيمة ${name} غير مسموح بها`);
    case 'type':
      return say((name) => `${name} must be of type ${p.type}`, (name) => `نوع ${name} غير صحيح`);
    case 'minimum':
    case 'maximum': {
      const [en, ar] = error.keyword === 'minimum' ? ['at least', 'على الأقل'] : ['at most', 'على الأكثر'];
      return say((name) => `${name} must be ${en} ${p.limit}`, (name) => `يجب أن تكون قيمة ${name} ${ar} ${p.limit}`);
    }
    case 'maxProperties':
      return { field, messageEn: `The request holds too many fields (at most ${p.limit} in all)`, messageAr: `يحتوي الطلب على عدد كبير جداً من الحقول (الحد الأقصى ${p.limit})` };
    case 'maxItems':
      return say((name) => `${name} has too many items (at most ${p.limit})`, (name) => `عدد عناصر ${name} كبير جداً (الحد الأقصى ${p.limit})`);
    case 'additionalProperties':
      return say((name) => `${name} is not an allowed field`, (name) => `الحقل ${name} غير مسموح به`);
    default:
      return say((name) => `${name} is not valid`, (name) => `${name} غير صالح`);
  }
}

/**
 * One entry per field: ajv with allErrors can report a field twice (e.g. minLength and pattern).
 * Stops at `limit` fields: the answer never lists more (see ERROR_LIMITS).
 */
export function describeValidationErrors(errors: ErrorObject[], group: FieldGroup | null = null, limit: number = ERROR_LIMITS.items): ErrorItem[] {
  const byField = new Map<string, ErrorItem>();
  const anyOfPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  for (const error of errors) {
    // anyOf reports every failed branch before its summary; the summary alone is clearer.
    if (error.keyword !== 'anyOf' && anyOfPaths.has(error.instancePath)) continue;
    const item = describeValidationError(error, group);
    const key = item.field ?? '';
    if (!byField.has(key)) byField.set(key, item);
    if (byField.size >= limit) break;
  }
  return [...byField.values()];
}
