// /about and /ht: the page text in the chosen language (About with its image), never as HTML; its
// phone numbers are tap-to-call and keep their reading order (components/StaffText.tsx).
import { useTranslation } from 'react-i18next';
import { altIn, ResponsiveImage } from '../../components/ResponsiveImage';
import { ErrorMessage, Loading, Empty } from '../../components/Status';
import { StaffText } from '../../components/StaffText';
import { apiPaths } from '../../api/paths';
import { useApi } from '../../api/useApi';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import type { Content } from '@shared/api-types';

function ContentPage({ type, titleKey }: { type: string; titleKey: string }) {
  const { t, i18n } = useTranslation();
  const state = useApi<Content>(apiPaths.content(type));
  const title = t(titleKey);
  const text = state.data ? (i18n.resolvedLanguage === 'ar' ? state.data.contentAr : state.data.contentEn) : '';
  useDocumentTitle(title, {
    description: text || undefined, image: state.data?.image || undefined,
    imageAlt: (state.data && altIn(i18n.resolvedLanguage, state.data.imageAltEn, state.data.imageAltAr)) || undefined,
  });
  return (
    <article className="page content-page">
      <h1>{title}</h1>
      {state.error && <ErrorMessage error={state.error} />}
      {state.loading && !state.data && <Loading />}
      {state.data && (
        <>
          {type === 'About' && state.data.image && (
            <ResponsiveImage className="content-image" src={state.data.image} widths={state.data.imageWidths} alt={altIn(i18n.resolvedLanguage, state.data.imageAltEn, state.data.imageAltAr)}
              sizes="(max-width: 60rem) 100vw, 60rem" width={960} height={540} />
          )}
          {text ? <div className="prose"><StaffText text={text} callable /></div> : <Empty>{t('content.empty')}</Empty>}
        </>
      )}
    </article>
  );
}

export default function AboutPage() {
  return <ContentPage type="About" titleKey="about.title" />;
}

export function HumanTraffickingPage() {
  return <ContentPage type="Human Trafficing" titleKey="ht.title" />;
}
