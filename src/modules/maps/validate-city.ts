// Rules of a city body that JSON Schema does not express well, and error fields in the
// 'branch[1].phone' form that the dashboard shows next to the right branch block, each message
// naming its branch as the form does ("Branch 2: Phone number may only contain ...").
import { ApiError, type BilingualMessage, type ErrorItem } from '../../errors';
import { inContext } from '../../plugins/field-labels';
import { describeValidationErrors } from '../../plugins/validation-messages';
import { mapsMessages } from './messages';
import { storedAlt } from '@shared/schemas';
import { decorativeInOneLanguage } from '@shared/alt-text';
import { CITY_IMAGE_FIELDS, PHONE_PATTERN, type City, type CityAlts, type CityBody, type CityInput } from './schema';

/** 'branch.1.phone' -> 'branch[1].phone'. */
export function branchFieldName(field: string | null): string | null {
  return field === null ? null : field.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/** The schema's validation errors, with array positions written as [n]. */
export function schemaErrorsOf(validationError: { validation?: unknown }): ApiError {
  const items = describeValidationErrors((validationError.validation ?? []) as never, 'maps').map((described) => {
    const field = branchFieldName(described.field);
    // A coordinate fails as "none of number, null or numeric text": say what is expected instead.
    if (field?.endsWith('.lat')) return item(mapsMessages.latitudeInvalid, field);
    if (field?.endsWith('.lang')) return item(mapsMessages.longitudeInvalid, field);
    return { ...described, field };
  });
  return new ApiError(400, items.length > 0 ? items : [{ messageEn: 'The request is not valid', messageAr: 'الطلب غير صالح', field: null }]);
}

/** '' and null mean no value; numeric text becomes a number; NaN means not a coordinate. */
function parseCoordinate(value: number | string | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' ? null : Number(text);
}

/** Any letter of the Arabic script (its blocks, supplement, extended-A and presentation forms). */
const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3\u06D5\u06EE-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** '' (not written) or text with at least one Arabic letter: a Latin run inside it ("Street 62") is fine. */
function isArabicOrEmpty(text: string): boolean {
  return text === '' || ARABIC_LETTER.test(text);
}

/** The message beside `field`, with the branch it belongs to named first ("Branch 2: "). */
function item(message: BilingualMessage, field: string): ErrorItem {
  const placed = inContext(message, 'maps', field);
  return { messageEn: placed.en, messageAr: placed.ar, field };
}

/** Checks what the schema left open and answers the parsed city, or throws a 400 listing every problem. */
export function parseCityBody(body: CityBody): CityInput {
  const errors: ErrorItem[] = [];
  const nameAr = body.nameAr?.trim();
  if (nameAr !== undefined && !isArabicOrEmpty(nameAr)) errors.push(item(mapsMessages.nameArNotArabic, 'nameAr'));
  const branch: CityInput['branch'] = body.branch.map((b, index) => {
    const at = `branch[${index}]`;
    const addressAr = b.addressAr?.trim();
    if (addressAr !== undefined && !isArabicOrEmpty(addressAr)) errors.push(item(mapsMessages.addressArNotArabic, `${at}.addressAr`));
    if (!PHONE_PATTERN.test(b.phone)) errors.push(item(mapsMessages.phoneInvalid, `${at}.phone`));
    const lat = parseCoordinate(b.lat);
    const lang = parseCoordinate(b.lang);
    if (lat !== null && !(Number.isFinite(lat) && lat >= -90 && lat <= 90)) errors.push(item(mapsMessages.latitudeInvalid, `${at}.lat`));
    if (lang !== null && !(Number.isFinite(lang) && lang >= -180 && lang <= 180)) errors.push(item(mapsMessages.longitudeInvalid, `${at}.lang`));
    return { address: b.address.trim(), addressAr, phone: b.phone.trim(), email: b.email.trim(), lat, lang };
  });
  const alts = {} as CityAlts;
  for (const image of CITY_IMAGE_FIELDS) {
    const en = storedAlt(body[`${image}AltEn`]);
    const ar = storedAlt(body[`${image}AltAr`]);
    if ((en === '') !== (ar === '')) errors.push(item(decorativeInOneLanguage, `${image}AltAr`));
    alts[`${image}AltEn`] = en;
    alts[`${image}AltAr`] = ar;
  }
  if (errors.length > 0) throw new ApiError(400, errors);
  return {
    alts,
    name: body.name.trim(),
    nameAr,
    thumbnail: body.thumbnail ?? '',
    countryMap: body.countryMap ?? '',
    cityMap: body.cityMap ?? '',
    cityMapAdd: body.cityMapAdd ?? '',
    branch,
  };
}

/**
 * An edit that does not send the Arabic name, or a branch's Arabic address (a client older than
 * these fields), keeps what is stored: the Arabic name, and the Arabic address of the stored branch
 * with the same (Latin) address. Sent as '' they are cleared.
 */
export function keepUnsentArabic(input: CityInput, stored: City): CityInput {
  return {
    ...input,
    nameAr: input.nameAr ?? stored.nameAr,
    branch: input.branch.map((branch) => ({
      ...branch,
      addressAr: branch.addressAr ?? stored.branch.find((old) => old.address === branch.address)?.addressAr ?? '',
    })),
  };
}
