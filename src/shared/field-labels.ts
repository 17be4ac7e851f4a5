// Which dashboard label names each request field, per group of routes. The server's validation
// messages name a field as its form does ("Branch 2: Phone number is required"), and the audit log
// names changed fields the same way, so both read this one table. The keys are those of the
// dashboard's translation files (client/public/assets/locals/{en,ar}/dashboard.json); this file
// imports nothing but a type, so the browser can use it too.
import type { Language } from './domain';

/** The groups of routes (the segment after /api/) whose fields have form labels. */
export type FieldGroup = 'posts' | 'maps' | 'emergency' | 'contact' | 'users' | 'content' | 'settings' | 'content-bundles' | 'events';

export interface FieldLabel {
  /** The dashboard key of the label. */
  key: string;
  /** Values of the key's placeholders, each itself a dashboard key (e.g. the image an alt text describes). */
  values?: Record<string, string>;
  /** A list field: the label of one item, with {{number}} counted from 1 ("Branch {{number}}"). */
  item?: string;
  /** A list of objects: the labels of each item's fields. */
  fields?: Record<string, FieldLabel>;
}

/** translate(key, values) in the reader's language: i18next's t in the browser, the JSON files on the server. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const altIn = (image: string, language: Language): FieldLabel => ({ key: 'alt.fieldIn', values: { image, language: `languages.${language}` } });
const altsOf = (image: string, field: string) => ({ [`${field}AltEn`]: altIn(image, 'en'), [`${field}AltAr`]: altIn(image, 'ar') });

const ACCOUNT: Record<string, FieldLabel> = {
  name: { key: 'users.name' },
  email: { key: 'users.email' },
  password: { key: 'users.password' },
  confirmPassword: { key: 'users.confirmPassword' },
  role: { key: 'users.role' },
  isAdmin: { key: 'users.isAdmin' },
  isAuthor: { key: 'users.isAuthor' },
  active: { key: 'users.status' },
  mustChangePassword: { key: 'users.mustChange' },
  currentPassword: { key: 'password.current' },
  newPassword: { key: 'password.new' },
};

const BRANCH: Record<string, FieldLabel> = {
  address: { key: 'maps.address' },
  addressAr: { key: 'maps.addressAr' },
  phone: { key: 'maps.phone' },
  email: { key: 'maps.email' },
  lat: { key: 'maps.latitude' },
  lang: { key: 'maps.longitude' },
};

export const FIELD_LABELS: Record<FieldGroup, Record<string, FieldLabel>> = {
  posts: {
    title: { key: 'posts.postTitle' },
    describtion: { key: 'posts.description' },
    image: { key: 'posts.image' },
    imageAlt: { key: 'alt.legend', values: { image: 'posts.image' } },
    pictures: { key: 'posts.album', item: 'alt.pictureNumber' },
    picturesAlt: { key: 'posts.albumAlts', item: 'alt.pictureAlt' },
    video: { key: 'posts.video' },
    language: { key: 'posts.language' },
    type: { key: 'posts.type' },
    pdf: { key: 'posts.pdf' },
    state: { key: 'posts.state' },
    publishAt: { key: 'posts.publishAt' },
    translationOf: { key: 'posts.translationField' },
  },
  maps: {
    name: { key: 'maps.name' },
    nameAr: { key: 'maps.nameAr' },
    thumbnail: { key: 'maps.thumbnail' },
    countryMap: { key: 'maps.countryMap' },
    cityMap: { key: 'maps.cityMap' },
    cityMapAdd: { key: 'maps.cityMapAdd' },
    ...altsOf('maps.thumbnail', 'thumbnail'),
    ...altsOf('maps.countryMap', 'countryMap'),
    ...altsOf('maps.cityMap', 'cityMap'),
    ...altsOf('maps.cityMapAdd', 'cityMapAdd'),
    branch: { key: 'maps.branches', item: 'maps.branchNumber', fields: BRANCH },
  },
  emergency: {
    type: { key: 'emergency.type' },
    value: { key: 'emergency.number' },
    nameEN: { key: 'emergency.nameEn' },
    nameAR: { key: 'emergency.nameAr' },
    icon: { key: 'emergency.icon' },
    order: { key: 'emergency.order' },
  },
  contact: {
    type: { key: 'contact.type' },
    value: { key: 'contact.value' },
  },
  users: ACCOUNT,
  content: {
    type: { key: 'content.type' },
    contentEn: { key: 'content.english' },
    contentAr: { key: 'content.arabic' },
    image: { key: 'content.image' },
    ...altsOf('content.image', 'image'),
  },
  settings: {
    quickExitUrl: { key: 'settings.quickExitUrl' },
  },
  'content-bundles': {
    trustedKeys: { key: 'bundles.trustedKeys', item: 'bundles.trustedKeyNumber' },
    officeName: { key: 'bundles.officeName' },
    bundle: { key: 'bundles.bundleFile' },
    figures: { key: 'bundles.figuresFile' },
  },
  events: {
    from: { key: 'visits.from' },
    to: { key: 'visits.to' },
  },
};

export function isFieldGroup(value: string): value is FieldGroup {
  return Object.prototype.hasOwnProperty.call(FIELD_LABELS, value);
}

/** 'branch[1].phone' and 'branch.1.phone' alike -> ['branch', 1, 'phone']. */
export function fieldPathSegments(path: string): Array<string | number> {
  return path.split(/[.[\]]+/).filter((segment) => segment !== '').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/** The one spelling the dashboard uses for a field path: list positions in brackets, 'branch[1].phone'. */
export function normalFieldPath(path: string): string {
  return fieldPathSegments(path).map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join('');
}

function render(label: FieldLabel, translate: Translate): string {
  const values = Object.fromEntries(Object.entries(label.values ?? {}).map(([name, key]) => [name, translate(key)]));
  return translate(label.key, values);
}

export interface NamedField {
  /** Where the field sits, ending in ': ' ("Branch 2: "), or ''. */
  context: string;
  /** The field's own label ("Phone number"). */
  label: string;
}

/**
 * The field at `path` named as its form labels it, or null when no form has that field (a field
 * the request should not have held, a query parameter): the caller then uses the raw name.
 */
export function nameField(group: FieldGroup, path: string, translate: Translate): NamedField | null {
  let labels: Record<string, FieldLabel> | undefined = FIELD_LABELS[group];
  let current: FieldLabel | undefined;
  const context: string[] = [];
  let label: string | null = null;
  for (const segment of fieldPathSegments(path)) {
    if (typeof segment === 'number') {
      if (!current?.item) return null;
      label = translate(current.item, { number: segment + 1 });
      labels = current.fields;
      continue;
    }
    const next: FieldLabel | undefined = labels && Object.prototype.hasOwnProperty.call(labels, segment) ? labels[segment] : undefined;
    if (!next) return null;
    if (label !== null) context.push(label);
    current = next;
    labels = next.fields;
    label = render(next, translate);
  }
  return label === null ? null : { context: context.map((part) => `${part}: `).join(''), label };
}

/** The field's whole name: "Branch 2: Phone number". */
export function fieldName(group: FieldGroup, path: string, translate: Translate): string | null {
  const named = nameField(group, path, translate);
  return named && `${named.context}${named.label}`;
}
