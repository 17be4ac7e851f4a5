// /posts/{type}: the posts of one type in the current language, newest first, page in ?p=.
import { useTranslation } from 'react-i18next';
import { useParams, useSearch } from 'wouter';
import { apiPaths } from '../../api/paths';
import { PostList } from '../../components/PostList';
import { isPostType } from '../../lib/pageAddress';
import { pageFromSearch } from '../../lib/pagination';
import { useApi } from '../../api/useApi';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { NotFoundPage } from './SmallPages';
import type { PostPage } from '@shared/api-types';

export const POST_TYPE_KEYS: Record<string, string> = {
  International: 'postTypes.International',
  Iraq: 'postTypes.Iraq',
  Training: 'postTypes.Training',
  Guide: 'postTypes.Guide',
  Form: 'postTypes.Form',
  'Flyer And Brochure': 'postTypes.Flyer',
};

export default function PostsPage() {
  const { t, i18n } = useTranslation();
  const { type = '' } = useParams<{ type: string }>();
  const page = pageFromSearch(useSearch());
  const language = i18n.resolvedLanguage === 'ar' ? 'ar' : 'en';
  const known = isPostType(type);
  const state = useApi<PostPage>(known ? apiPaths.postList(type, language, page) : null);
  const title = POST_TYPE_KEYS[type] ? t(POST_TYPE_KEYS[type]) : type;
  useDocumentTitle(title);
  if (!known) return <NotFoundPage />;
  return (
    <section className="page">
      <h1>{title}</h1>
      <PostList state={state} page={page} emptyText={t('posts.empty')} />
    </section>
  );
}
