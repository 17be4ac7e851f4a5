// /dashboard/audit (admin): who did what to which item, newest first, 20 a page. Each entry names
// the person, says what they did to which item by its title or name (a link while the item is
// still there), and lists the changed fields by their form labels, with short values before →
// after. Filters by person, kind of item and days; a helpful word when nothing matches.
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { ErrorSummary } from '../../../components/dashboard/ErrorSummary';
import { FormErrorsContext, useReadErrors } from '../../../components/dashboard/formErrors';
import { useApi } from '../../../api/useApi';
import { formatDate } from '../formatDate';
import { numberFormat } from '../charts/formats';
import { PageTitle } from '../PageTitle';
import type { Translate } from '@shared/field-labels';
import type { AuditEntry, AuditFacets, AuditPage as AuditPageAnswer } from '@shared/api-types';
import { AuditFilters, FILTERS, type AuditFilterValues } from './AuditFilters';
import { changedFieldLabel, describeChange, itemName, linkOf, worthShowing } from './auditWording';

export function AuditPage() {
  const { t, i18n } = useTranslation('dashboard');
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const values = Object.fromEntries(FILTERS.map((key) => [key, search.get(key) ?? ''])) as AuditFilterValues;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams({ ...Object.fromEntries(FILTERS.filter((key) => values[key] !== '').map((key) => [key, values[key]])), pageNumber: String(page) });
  const { data, error, loading } = useApi<AuditPageAnswer>(`/api/audit?${query}`);
  const facets = useApi<AuditFacets>('/api/audit/facets');
  const errors = useReadErrors(error);
  const filtered = FILTERS.some((key) => values[key] !== '');

  const go = (next: AuditFilterValues, nextPage = 1) => {
    const params = new URLSearchParams(Object.entries(next).filter(([, value]) => value !== ''));
    if (nextPage > 1) params.set('page', String(nextPage));
    navigate(params.toString() ? `/audit?${params}` : '/audit');
  };
  const pages = Math.max(1, data?.pages ?? 1);

  return (
    <>
      <PageTitle text={t('audit.title')} />
      <p className="dash-hint">{t('audit.intro')}</p>
      <FormErrorsContext.Provider value={errors}>
        <ErrorSummary form={errors} />
        <AuditFilters values={values} facets={facets.data} onApply={(next) => go(next)} />
      </FormErrorsContext.Provider>
      <p role="status" className="dash-hint">
        {loading ? t('common.loading') : data ? t('audit.found', { count: data.total, formatted: numberFormat(i18n.language === 'ar' ? 'ar' : 'en')(data.total) }) : ''}
      </p>
      {data && data.entries.length === 0 && !loading && (
        <div className="dash-notice dash-empty"><p>{t(filtered ? 'audit.noneMatch' : 'audit.noneYet')}</p></div>
      )}
      {data && data.entries.length > 0 && (
        <div className="dash-table-wrap" aria-busy={loading}>
          <table className="dash-table dash-audit">
            <caption className="dash-sr-only">{t('audit.title')}</caption>
            <thead>
              <tr><th scope="col">{t('audit.when')}</th><th scope="col">{t('audit.who')}</th><th scope="col">{t('audit.what')}</th><th scope="col">{t('audit.changes')}</th></tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => <AuditRow key={entry._id} entry={entry} />)}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > 0 && (
        <nav className="dash-pagination" aria-label={t('common.pagination')}>
          <button type="button" className="dash-button" disabled={page <= 1} onClick={() => go(values, page - 1)}>{t('common.previous')}</button>
          <span>{t('common.pageOf', { page, pages })}</span>
          <button type="button" className="dash-button" disabled={page >= pages} onClick={() => go(values, page + 1)}>{t('common.next')}</button>
        </nav>
      )}
    </>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('dashboard');
  const say: Translate = (key, values) => t(key, values ?? {});
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const formats = { date: (iso: string) => formatDate(iso, language), number: numberFormat(language) };
  const name = itemName(entry, language, say);
  const link = linkOf(entry);
  // The two kinds of settings read differently: "the site settings", "the content bundle settings".
  const kind = entry.entity === 'settings' ? `settings-${entry.entityId === 'content-bundles' ? 'bundles' : 'site'}` : entry.entity;
  const item = (
    <>
      {t(`audit.the.${kind}`) || entry.entity}
      {name && <> <bdi>{t('audit.quoted', { name })}</bdi></>}
    </>
  );
  const who = entry.userName ?? (entry.userEmail === 'system' ? t('audit.system') : null);
  const fields = Object.entries(entry.changes).filter(([, change]) => worthShowing(entry, change));

  return (
    <tr>
      <td className="dash-nowrap">{formatDate(entry.at, language)}</td>
      <td>{who && <><bdi>{who}</bdi><br /></>}<bdi dir="ltr" className="dash-hint">{entry.userEmail === 'system' ? '' : entry.userEmail}</bdi></td>
      <td>
        {t([`audit.verbs.${entry.entity}.${entry.action}`, `audit.verbs.${entry.action}`])}{' '}
        {link ? <Link href={link}>{item}</Link> : item}
        {!entry.exists && <span className="dash-hint"> {t('audit.gone')}</span>}
      </td>
      <td>
        {fields.length === 0 ? <span className="dash-hint">—</span> : (
          <ul className="dash-changes">
            {fields.map(([field, change]) => {
              const described = describeChange(entry, field, change, say, formats);
              return (
                <li key={field}>
                  <span className="dash-change-field">{changedFieldLabel(entry, field, say)}</span>{t('audit.colon')}
                  {described.kind === 'said' ? described.text : (
                    <>
                      {described.from !== null && <bdi className="dash-change-from">{described.from}</bdi>}
                      {described.from !== null && described.to !== null && <> <span aria-hidden="true">{language === 'ar' ? '←' : '→'}</span><span className="dash-sr-only">{t('audit.became')}</span> </>}
                      {described.to !== null ? <bdi className="dash-change-to">{described.to}</bdi> : entry.action !== 'delete' && <span>{t('audit.removed')}</span>}
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </td>
    </tr>
  );
}
