// Numbered pagination with 2 neighbours, previous and next; the page lives in ?p= of the address.
// The links keep the search keyword and nothing else of the address, so a page's HTML depends only
// on what it shows (the server keeps one copy whatever else a shared link carries).
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { keywordFromSearch } from '../lib/pageAddress';
import { paginationRange } from '../lib/pagination';

/** `more`: a search counted `pages` and there are more after them (the next link stays). */
export function Pagination({ page, pages, more = false }: { page: number; pages: number; more?: boolean }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const search = useSearch();
  if (pages <= 1 && !more) return null;
  const range = paginationRange(page, pages, undefined, more);

  const hrefFor = (target: number) => {
    const keyword = keywordFromSearch(search);
    const params = new URLSearchParams(keyword ? { keyword } : {});
    params.set('p', String(target));
    return `${location}?${params.toString()}`;
  };

  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul>
        <li>
          {range.previous
            ? <Link href={hrefFor(range.previous)} rel="prev">{t('pagination.previous')}</Link>
            : <span aria-disabled="true" className="disabled">{t('pagination.previous')}</span>}
        </li>
        {range.pages.map((number) => (
          <li key={number}>
            <Link href={hrefFor(number)} aria-current={number === page ? 'page' : undefined}
              aria-label={t('pagination.page', { number })}>
              {number}
            </Link>
          </li>
        ))}
        <li>
          {range.next
            ? <Link href={hrefFor(range.next)} rel="next">{t('pagination.next')}</Link>
            : <span aria-disabled="true" className="disabled">{t('pagination.next')}</span>}
        </li>
      </ul>
    </nav>
  );
}
