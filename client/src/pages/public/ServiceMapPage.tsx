// /servicemap: the grid of city thumbnails (each named in the page's language) and the average
// service rating, read-only.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { altIn, ResponsiveImage } from '../../components/ResponsiveImage';
import { StarDisplay } from '../../components/Stars';
import { Empty, ErrorMessage, Loading } from '../../components/Status';
import { apiPaths } from '../../api/paths';
import { useApi } from '../../api/useApi';
import { cityNameIn } from '../../lib/placeNames';
import { ShownText } from '../../components/StaffText';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import type { City, RatingSummary } from '@shared/api-types';
import { cityPagePath } from '@shared/public-paths';

export default function ServiceMapPage() {
  const { t, i18n } = useTranslation();
  const cities = useApi<City[]>(apiPaths.cities);
  const rating = useApi<RatingSummary>(apiPaths.rating);
  const title = t('servicemap.title');
  useDocumentTitle(title);
  const average = rating.data?.avgCountry ?? 0;
  const language = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
  return (
    <section className="page">
      <h1>{title}</h1>
      <p className="lead">{t('servicemap.intro')}</p>
      <div className="average-rating">
        <span>{t('servicemap.average')}</span>
        <StarDisplay value={average} label={t('rating.average', { value: average.toFixed(1) })} />
      </div>
      {cities.error && <ErrorMessage error={cities.error} />}
      {cities.loading && !cities.data && <Loading />}
      {cities.data && cities.data.length === 0 && <Empty>{t('servicemap.empty')}</Empty>}
      {cities.data && cities.data.length > 0 && (
        <ul className="city-grid">
          {cities.data.map((city) => (
            <li key={city._id}>
              <Link href={cityPagePath(city.name)} className="card city-card">
                {city.thumbnail && <ResponsiveImage src={city.thumbnail} widths={city.imageWidths} alt={altIn(i18n.resolvedLanguage, city.thumbnailAltEn, city.thumbnailAltAr)}
                  sizes="(max-width: 40rem) 100vw, (max-width: 64rem) 50vw, 24rem" width={320} height={200} loading="lazy" decoding="async" />}
                <span className="city-name"><ShownText value={cityNameIn(language, city)} /></span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
