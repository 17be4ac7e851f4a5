// /p/{id}: the post with its image, date, text (never as HTML, its phone numbers tap-to-call and
// kept in reading order: components/StaffText.tsx), video, PDF and album. Staff opening a
// draft or a scheduled post (the server shows those to them only) see that it is not public yet; a
// post with a counterpart in the other language links to it, and the language switch leads there.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { PdfIcon } from '../../components/icons';
import { RelativeTimeText } from '../../components/RelativeTimeText';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { StaffText } from '../../components/StaffText';
import { ErrorMessage, Loading } from '../../components/Status';
import { apiPaths } from '../../api/paths';
import { useApi } from '../../api/useApi';
import { formatBaghdad } from '../../lib/baghdadTime';
import { useLanguageHref } from '../../lib/pageAddress';
import { usePostViewCount } from '../../lib/postViews';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { appState } from '../../state/app';
import { NotFoundPage } from './SmallPages';
import type { PublicPost } from '@shared/api-types';

/** A YouTube id is letters, digits, '-' and '_'; anything else never reaches the iframe. */
const VIDEO_ID = /^[\w-]{6,20}$/;

export default function PostDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams<{ id: string }>();
  const state = useApi<PublicPost>(apiPaths.post(id));
  const post = state.data;
  const other = post?.language === 'ar' ? 'en' : 'ar';
  const counterpart = post?.translationOf ?? null;
  const counterpartHref = useLanguageHref(other, `/p/${encodeURIComponent(counterpart ?? '')}`);
  useDocumentTitle(post?.title, post ? {
    description: post.describtion, image: post.image || undefined, imageAlt: post.imageAlt || undefined, type: 'article', contentLanguage: post.language,
    // Search engines and link previews learn of the same post in the other language (its
    // unprefixed address: the server names each language's, src/modules/pages/page-addresses.ts).
    alternates: counterpart ? [{ language: other, path: `/p/${encodeURIComponent(counterpart)}` }] : undefined,
  } : undefined);
  usePostViewCount(id, state);
  useEffect(() => {
    appState.postTranslation = counterpart ? { id: counterpart, language: other } : null;
    return () => { appState.postTranslation = null; };
  }, [counterpart, other]);
  if (state.error?.status === 404) return <NotFoundPage />;
  if (state.error) return <section className="page"><h1>{t('post.title')}</h1><ErrorMessage error={state.error} /></section>;
  if (!post) return <section className="page"><Loading /></section>;
  const video = post.video?.trim();
  return (
    <article className="page post-detail" lang={post.language === 'ar' ? 'ar' : 'en'} dir={post.language === 'ar' ? 'rtl' : 'ltr'}>
      {post.state !== 'published' && <NotPublicBanner state={post.state} publishAt={post.publishAt} />}
      <h1><StaffText text={post.title} /></h1>
      {counterpart && (
        <p className="read-in" lang={i18n.language === 'ar' ? 'ar' : 'en'} dir={i18n.language === 'ar' ? 'rtl' : 'ltr'}>
          <Link href={counterpartHref} hrefLang={other} onClick={() => { void i18n.changeLanguage(other); }}>
            {t(other === 'ar' ? 'post.readInAr' : 'post.readInEn')}
          </Link>
        </p>
      )}
      <RelativeTimeText date={post.createdAt} />
      {post.image && <ResponsiveImage className="post-image" src={post.image} widths={post.imageWidths} alt={post.imageAlt} sizes="(max-width: 60rem) 100vw, 60rem" width={960} height={540} />}
      <div className="prose"><StaffText text={post.describtion} callable /></div>
      {video && VIDEO_ID.test(video) && (
        <div className="video">
          <iframe src={`https://www.youtube-nocookie.com/embed/${video}`} title={t('post.video', { title: post.title })}
            loading="lazy" allow="encrypted-media; picture-in-picture" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />
        </div>
      )}
      {post.pdf && (
        <p><a className="button" href={post.pdf} target="_blank" rel="noopener noreferrer"><PdfIcon size={18} /> {t('post.pdf')}</a></p>
      )}
      {post.pictures.length > 0 && (
        <section>
          <h2>{t('post.album')}</h2>
          <ul className="album">
            {post.pictures.map((picture, index) => (
              <li key={picture + index}>
                {/* The link is named by the picture's alt text, or by its number when it has none. */}
                <a href={picture} target="_blank" rel="noopener noreferrer" aria-label={post.picturesAlt[index] ? undefined : t('post.picture', { number: index + 1 })}>
                  <ResponsiveImage src={picture} widths={post.imageWidths} alt={post.picturesAlt[index]} sizes="(max-width: 40rem) 50vw, 14rem" width={300} height={200} loading="lazy" decoding="async" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** Staff only ever get a draft or scheduled post from the server: say plainly that visitors cannot see it. */
function NotPublicBanner({ state, publishAt }: { state: string; publishAt: string | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  return (
    <div className="not-public" role="note" lang={language} dir={language === 'ar' ? 'rtl' : 'ltr'}>
      <strong>{t('post.notPublic')}</strong>{' '}
      {state === 'scheduled' && publishAt
        ? t('post.notPublicScheduled', { time: formatBaghdad(publishAt, language) })
        : t('post.notPublicDraft')}
    </div>
  );
}
