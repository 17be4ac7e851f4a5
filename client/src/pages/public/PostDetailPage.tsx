// /p/{id}: the post with its image, date, text (never as HTML), video, PDF and album.
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { PdfIcon } from '../../components/icons';
import { RelativeTimeText } from '../../components/RelativeTimeText';
import { ErrorMessage, Loading } from '../../components/Status';
import { apiPaths } from '../../api/paths';
import { useApi } from '../../api/useApi';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { usePostViewCount } from '../../lib/postViews';
import { NotFoundPage } from './SmallPages';
import type { Post } from '@shared/api-types';

/** A YouTube id is letters, digits, '-' and '_'; anything else never reaches the iframe. */
const VIDEO_ID = /^[\w-]{6,20}$/;

export default function PostDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id: string }>();
  const state = useApi<Post>(apiPaths.post(id));
  const post = state.data;
  useDocumentTitle(post?.title, post ? {
    description: post.describtion, image: post.image || undefined, type: 'article', contentLanguage: post.language,
  } : undefined);
  usePostViewCount(id, state);
  if (state.error?.status === 404) return <NotFoundPage />;
  if (state.error) return <section className="page"><h1>{t('post.title')}</h1><ErrorMessage error={state.error} /></section>;
  if (!post) return <section className="page"><Loading /></section>;
  const video = post.video?.trim();
  return (
    <article className="page post-detail" lang={post.language === 'ar' ? 'ar' : 'en'} dir={post.language === 'ar' ? 'rtl' : 'ltr'}>
      <h1>{post.title}</h1>
      <RelativeTimeText date={post.createdAt} />
      {post.image && <img className="post-image" src={post.image} alt="" width={960} height={540} />}
      <div className="prose">{post.describtion}</div>
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
                <a href={picture} target="_blank" rel="noopener noreferrer" aria-label={t('post.picture', { number: index + 1 })}>
                  <img src={picture} alt="" width={300} height={200} loading="lazy" decoding="async" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
