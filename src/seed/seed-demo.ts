// SEED_DEMO=1 (the default): on an empty database, load the bilingual demo content so a new
// user sees a living site at once. Goes through the same repositories as the API.
import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { DemoCity } from './demo-places';

const MINUTE = 60_000;

/** The demo maps say what they show, in each language with the city's name in it; the landmark thumbnail is decorative. */
function demoCityAlts({ name, nameAr }: DemoCity) {
  return {
    thumbnailAltEn: '', thumbnailAltAr: '',
    countryMapAltEn: `Map of Iraq marking ${name}`, countryMapAltAr: `خريطة العراق تبيّن موقع ${nameAr}`,
    cityMapAltEn: `Street map of ${name}`, cityMapAltAr: `خريطة شوارع ${nameAr}`,
    cityMapAddAltEn: `Street map of ${name} marking the office`, cityMapAddAltAr: `خريطة شوارع ${nameAr} تبيّن موقع المكتب`,
  };
}

/** True when staff have not created anything yet: the demo never mixes with real content. */
async function isEmpty(app: FastifyInstance): Promise<boolean> {
  for (const table of ['posts', 'cities', 'contacts', 'emergency', 'content'] as const) {
    const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(row.n) > 0) return false;
  }
  return true;
}

/** Spreads the posts over the past weeks: the newest minutes old, so every relative-time wording shows. */
function demoDate(index: number, now: number): string {
  const ageMinutes = index === 0 ? 20 : index === 1 ? 5 * 60 : index * 26 * 60;
  return new Date(now - ageMinutes * MINUTE).toISOString();
}

export async function seedDemoContent(app: FastifyInstance): Promise<boolean> {
  if (!(await isEmpty(app))) return false;
  // The demo's texts and drawings are loaded only to be written: a start on existing data reads none of them.
  const [{ demoCities, demoContacts, demoEmergency }, { demoPosts }, { demoContent }, { cityMap, cityThumbnail, countryMap, demoPdf, postImage }] = await Promise.all([
    import('./demo-places'), import('./demo-posts'), import('./demo-texts'), import('./placeholder-files'),
  ]);
  const uploadsDir = app.config.uploadsDir;
  await mkdir(uploadsDir, { recursive: true });
  const admin = await app.db.selectFrom('users').select('id').where('is_admin', '=', 1).orderBy('created_at').executeTakeFirst();

  const { content, cities, emergency, contacts, posts } = app.repositories;
  const aboutImage = await postImage(uploadsDir, 0);
  for (const [type, text] of Object.entries(demoContent)) {
    // The demo drawings are abstract: marked decorative on purpose, as staff would.
    const about = type === 'About';
    await content.save(type as keyof typeof demoContent, { contentEn: text.en, contentAr: text.ar, image: about ? aboutImage : '', imageAltEn: about ? '' : null, imageAltAr: about ? '' : null });
  }

  // Every picture is drawn at once (sharp works on its own threads), then the rows are written in order.
  const cityPictures = await Promise.all(demoCities.map((city, index) => Promise.all([
    cityThumbnail(uploadsDir, city.landmark), countryMap(uploadsDir, city.mapPoint), cityMap(uploadsDir, index, false), cityMap(uploadsDir, index, true),
  ])));
  for (const [index, city] of demoCities.entries()) {
    const [thumbnail, map, cityMapPlain, cityMapWithAddress] = cityPictures[index];
    await cities.create({
      name: city.name, nameAr: city.nameAr, thumbnail, countryMap: map, cityMap: cityMapPlain, cityMapAdd: cityMapWithAddress, branch: city.branch, alts: demoCityAlts(city),
    });
  }

  // Each new number goes last: the list starts with the 533 hotline.
  for (const item of demoEmergency) await emergency.create({ ...item, icon: '' });
  for (const item of [...demoContacts].reverse()) await contacts.create(item);

  const now = Date.now();
  const postFiles = await Promise.all(demoPosts.map(async (post, index) => ({
    pictures: await Promise.all(Array.from({ length: 1 + (post.albumSize ?? 0) }, (_, offset) => postImage(uploadsDir, index + offset))),
    pdf: post.withPdf ? await demoPdf(uploadsDir, post.language === 'en' ? post.title : 'Document') : '',
  })));
  // The English and Arabic versions of a text name each other, so each offers its other language.
  const firstOfPair = new Map<string, string>();
  for (const [index, post] of demoPosts.entries()) {
    const [image, ...pictures] = postFiles[index].pictures;
    const created = await posts.create({
      title: post.title,
      describtion: post.describtion,
      language: post.language,
      type: post.type,
      image,
      imageAlt: '',
      pictures,
      picturesAlt: pictures.map(() => ''),
      video: post.video ?? '',
      pdf: postFiles[index].pdf,
      state: 'published',
    }, admin?.id ?? null, demoDate(index, now));
    if (!post.pair) continue;
    const counterpart = firstOfPair.get(post.pair);
    if (counterpart) await posts.linkTranslation(created._id, counterpart);
    else firstOfPair.set(post.pair, created._id);
  }
  app.log.info({ posts: demoPosts.length, cities: demoCities.length }, 'loaded the demo content (SEED_DEMO=1)');
  return true;
}
