// Demo cities with branches, emergency numbers and contact entries (SEED_DEMO=1). Branch phone
// numbers are placeholders in a recognisable 0000 pattern: an NGO replaces them with its own.
import type { ContactType } from '@shared/domain';

/** What each city's generated thumbnail shows, so no two cities share a picture (placeholder-files.ts). */
export type Landmark = 'dome' | 'palms' | 'citadel' | 'minaret' | 'bridge';

export interface DemoCity {
  name: string;
  nameAr: string;
  /** Position of the city on the generated map of Iraq, 0..1 from the top-left. */
  mapPoint: [number, number];
  landmark: Landmark;
  branch: { address: string; addressAr: string; phone: string; email: string; lat: number | null; lang: number | null }[];
}

export const demoCities: DemoCity[] = [
  {
    name: 'Baghdad',
    nameAr: 'بغداد',
    mapPoint: [0.52, 0.5],
    landmark: 'dome',
    branch: [
      { address: 'Karrada, Street 62, near Al-Nidhal hospital', addressAr: 'الكرادة، شارع 62، قرب مستشفى النضال', phone: '+964 770 000 0101', email: 'baghdad@example.org', lat: 33.3031, lang: 44.4292 },
      { address: 'Al-Mansour, 14 Ramadan Street', addressAr: 'المنصور، شارع 14 رمضان', phone: '+964 770 000 0102', email: 'mansour@example.org', lat: 33.3152, lang: 44.3413 },
    ],
  },
  {
    name: 'Basra',
    nameAr: 'البصرة',
    mapPoint: [0.78, 0.82],
    landmark: 'palms',
    branch: [{ address: 'Al-Ashar, Corniche Street, building 5', addressAr: 'العشار، شارع الكورنيش، بناية 5', phone: '+964 780 000 0201', email: 'basra@example.org', lat: 30.5085, lang: 47.7804 }],
  },
  {
    name: 'Erbil',
    nameAr: 'أربيل',
    mapPoint: [0.55, 0.18],
    landmark: 'citadel',
    branch: [
      { address: '100m Road, near Family Mall', addressAr: 'شارع المئة متر، قرب فاميلي مول', phone: '+964 750 000 0301', email: 'erbil@example.org', lat: 36.1911, lang: 44.0092 },
      { address: 'Ankawa, Main Street', addressAr: 'عنكاوا، الشارع الرئيسي', phone: '+964 750 000 0302', email: 'ankawa@example.org', lat: 36.2296, lang: 43.9938 },
    ],
  },
  {
    name: 'Mosul',
    nameAr: 'الموصل',
    mapPoint: [0.44, 0.17],
    landmark: 'minaret',
    branch: [{ address: 'Al-Muthanna, University Street', addressAr: 'حي المثنى، شارع الجامعة', phone: '+964 770 000 0401', email: 'mosul@example.org', lat: 36.34, lang: 43.13 }],
  },
  {
    name: 'Anbar',
    nameAr: 'الأنبار',
    mapPoint: [0.3, 0.5],
    landmark: 'bridge',
    branch: [{ address: 'Ramadi, Al-Jamiaa district', addressAr: 'الرمادي، حي الجامعة', phone: '+964 780 000 0501', email: 'anbar@example.org', lat: 33.4258, lang: 43.2992 }],
  },
];

export const demoEmergency: { type: 'Emergency' | 'VOT'; value: string; nameEN: string; nameAR: string }[] = [
  { type: 'Emergency', value: '533', nameEN: 'Anti-trafficking hotline (free, 24 hours)', nameAR: 'الخط الساخن لمكافحة الاتجار بالبشر (مجاني، على مدار الساعة)' },
  { type: 'Emergency', value: '104', nameEN: 'Police', nameAR: 'الشرطة' },
  { type: 'Emergency', value: '122', nameEN: 'Ambulance', nameAR: 'الإسعاف' },
  { type: 'Emergency', value: '115', nameEN: 'Civil defence', nameAR: 'الدفاع المدني' },
  { type: 'VOT', value: '+964 770 000 0901', nameEN: 'Shelter for survivors of trafficking', nameAR: 'دار إيواء الناجين من الاتجار' },
  { type: 'VOT', value: '+964 770 000 0902', nameEN: 'Free legal aid for victims', nameAR: 'المساعدة القانونية المجانية للضحايا' },
  { type: 'VOT', value: '+964 770 000 0903', nameEN: 'Psychological support line', nameAR: 'خط الدعم النفسي' },
];

export const demoContacts: { type: ContactType; value: string }[] = [
  { type: 'phone', value: '533' },
  { type: 'phone', value: '+964 770 000 0100' },
  { type: 'email', value: 'help@example.org' },
  { type: 'facebook', value: 'https://www.facebook.com/' },
  { type: 'twitter', value: 'https://twitter.com/' },
  { type: 'instagram', value: 'https://www.instagram.com/' },
  { type: 'youtube', value: 'https://www.youtube.com/' },
  { type: 'linkedin', value: 'https://www.linkedin.com/' },
];
