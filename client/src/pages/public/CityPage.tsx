// /maps/{city}: the city's maps, its branches and the once-per-browser service rating. The address
// names the city in Latin letters; the page shows its Arabic name and addresses on Arabic pages.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { altIn, ResponsiveImage } from '../../components/ResponsiveImage';
import { StarDisplay, StarInput } from '../../components/Stars';
import { ErrorMessage, Loading } from '../../components/Status';
import { apiPaths } from '../../api/paths';
import { useApi } from '../../api/useApi';
import { branchAddressIn, cityNameIn } from '../../lib/placeNames';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useRawPathname } from '../../lib/pageAddress';
import { cityNameOfPagePath } from '@shared/public-paths';
import { ShownText } from '../../components/StaffText';
import { useHydrated } from '../../lib/useHydrated';
import { NotFoundPage } from './SmallPages';
import type { City } from '@shared/api-types';
import { readStoredNumber, SERVICE_RATE_KEY, storeNumber } from '../../state/app';

/** docs/product-rules.md, Constants: the 'Successful' banner shows for 3000 ms. */
export const SUCCESS_BANNER_MS = 3000;

export default function CityPage() {
  const { t, i18n } = useTranslation();
  const city = cityNameOfPagePath(useRawPathname()) ?? '';
  const state = useApi<City>(apiPaths.city(city));
  const data = state.data;
  const language = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
  // The address's own text is shown only while the city loads (a link of this site was followed);
  // an answer that is not the city never repeats it: any text can be put in an address. The address
  // names the city in Latin letters: on an Arabic page that is text in another language.
  const name = data ? cityNameIn(language, data)
    : state.error ? { text: t('servicemap.title') } : { text: city, lang: language === 'ar' ? 'en' as const : undefined };
  const previewAlt = data && (data.countryMap
    ? altIn(i18n.resolvedLanguage, data.countryMapAltEn, data.countryMapAltAr) ?? t('city.countryMap', { name: name.text })
    : altIn(i18n.resolvedLanguage, data.thumbnailAltEn, data.thumbnailAltAr));
  useDocumentTitle(name.text, { image: data?.countryMap || data?.thumbnail || undefined, imageAlt: previewAlt || undefined });
  if (state.error?.status === 404) return <NotFoundPage />;
  return (
    <article className="page city-page">
      <h1><ShownText value={name} /></h1>
      {state.error && <ErrorMessage error={state.error} />}
      {state.loading && !data && <Loading />}
      {data && (
        <>
          <div className="map-images">
            {data.countryMap && (
              <figure><ResponsiveImage src={data.countryMap} widths={data.imageWidths} alt={altIn(i18n.resolvedLanguage, data.countryMapAltEn, data.countryMapAltAr) ?? t('city.countryMap', { name: name.text })}
                sizes="(max-width: 44rem) 100vw, 40rem" width={640} height={480} /></figure>
            )}
            {data.cityMap && (
              <figure><ResponsiveImage src={data.cityMap} widths={data.imageWidths} alt={altIn(i18n.resolvedLanguage, data.cityMapAltEn, data.cityMapAltAr) ?? t('city.cityMap', { name: name.text })}
                sizes="(max-width: 44rem) 100vw, 40rem" width={640} height={480} loading="lazy" /></figure>
            )}
          </div>
          <h2>{t('city.branches')}</h2>
          <ul className="branch-list">
            {data.branch.map((branch, index) => (
              <li key={index} className="card branch-card">
                <p className="branch-address"><ShownText value={branchAddressIn(language, branch)} /></p>
                <p><span className="label">{t('city.phone')}: </span><a href={`tel:${branch.phone.replace(/\s+/g, '')}`}><bdi dir="ltr">{branch.phone}</bdi></a></p>
                <p><span className="label">{t('city.email')}: </span><a href={`mailto:${branch.email}`}><bdi dir="ltr">{branch.email}</bdi></a></p>
              </li>
            ))}
          </ul>
        </>
      )}
      <ServiceRating />
    </article>
  );
}

function ServiceRating() {
  const { t } = useTranslation();
  const [ratedNow, setRated] = useState<number | null>(null);
  // The vote given earlier is kept in this browser only: the server's page never shows it.
  const hydrated = useHydrated();
  const rated = ratedNow ?? (hydrated ? readStoredNumber(SERVICE_RATE_KEY) : null);
  const [success, setSuccess] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set at once, before React re-renders the disabled stars: a double click sends one vote.
  const sending = useRef(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(false), SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  const rate = async (value: number) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setFailed(false);
    try {
      const answer = await api.post<{ rated: number }>('/api/rating/service', { rate: value });
      storeNumber(SERVICE_RATE_KEY, answer.rated);
      setRated(answer.rated);
      setSuccess(true);
    } catch {
      setFailed(true);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <section className="service-rating" aria-labelledby="service-rating-title">
      <h2 id="service-rating-title">{t('rating.serviceTitle')}</h2>
      {rated
        ? <StarDisplay value={rated} size={32} label={t('rating.yourRating', { count: rated })} />
        : <StarInput label={t('rating.serviceTitle')} disabled={busy} onRate={(value) => { void rate(value); }} />}
      <div role="status">{success && <p className="success-banner">{t('common.successful')}</p>}</div>
      {failed && <p className="status-error" role="alert">{t('status.error')}</p>}
    </section>
  );
}
