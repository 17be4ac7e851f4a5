// Small screens: browse safely, the rating prompt test page and not found.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { appState } from '../../state/app';
import { useDocumentTitle, useNotFoundStatus } from '../../lib/useDocumentTitle';

export default function BrowseSafelyPage() {
  const { t } = useTranslation();
  const title = t('safely.title');
  useDocumentTitle(title);
  const points = t('safely.points', { returnObjects: true }) as unknown;
  const limits = t('safely.limits', { returnObjects: true }) as unknown;
  return (
    <article className="page prose-page">
      <h1>{title}</h1>
      <p className="lead">{t('safely.intro')}</p>
      <h2>{t('safely.howTitle')}</h2>
      <ul>{Array.isArray(points) && points.map((point: string) => <li key={point}>{point}</li>)}</ul>
      <h2>{t('safely.limitsTitle')}</h2>
      <ul>{Array.isArray(limits) && limits.map((point: string) => <li key={point}>{point}</li>)}</ul>
      <p><Link href="/seeking_help">{t('safely.back')}</Link></p>
    </article>
  );
}

export function RatingTestPage() {
  const { t } = useTranslation();
  const title = t('ratingTest.title');
  useDocumentTitle(title);
  return (
    <section className="page">
      <h1>{title}</h1>
      <button type="button" className="button" onClick={() => { appState.ratingPrompt = 'on-request'; }}>
        {t('ratingTest.open')}
      </button>
    </section>
  );
}

/** Said in both languages: a visitor who followed a broken link may not read the page's language. */
export function NotFoundPage() {
  const { t, i18n } = useTranslation();
  const title = t('notFound.title');
  useDocumentTitle(title);
  useNotFoundStatus();
  const other = i18n.resolvedLanguage === 'ar' ? 'en' : 'ar';
  return (
    <section className="page not-found">
      <h1>{title}</h1>
      <p className="lead">{t('notFound.text')}</p>
      <div lang={other} dir={other === 'ar' ? 'rtl' : 'ltr'}>
        <p className="lead"><strong>{t('notFound.titleOther')}</strong></p>
        <p>{t('notFound.textOther')}</p>
      </div>
      <p><Link href="/" className="button">{t('notFound.home')}</Link></p>
    </section>
  );
}
