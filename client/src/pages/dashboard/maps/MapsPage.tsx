// /dashboard/maps: the list of cities with edit and delete.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { deleteAfterConfirm } from '../../../components/dashboard/deleteAfterConfirm';
import { DeleteButton } from '../../../components/dashboard/DeleteButton';
import { MissingAltFlag, lacksAlt } from '../../../components/dashboard/AltTextField';
import { ErrorList } from '../../../components/dashboard/ErrorList';
import { useApi } from '../../../api/useApi';
import { PageTitle } from '../PageTitle';
import type { City } from '@shared/api-types';

export function MapsPage() {
  const { t } = useTranslation('dashboard');
  const { data: cities, setData: setCities, error, loading } = useApi<City[]>('/api/maps');

  // docs/product-rules.md, Messages: the posts' removal message is also used for maps.
  const remove = (city: City) => deleteAfterConfirm(city, setCities, {
    url: `/api/maps/${encodeURIComponent(city._id)}`, confirmKey: 'maps.confirmDelete', name: city.name, successKey: 'toast.postRemoved', failure: 'generic',
  });

  return (
    <>
      <PageTitle text={t('maps.title')} />
      <Link href="/maps/addcity" className="dash-button dash-primary">{t('maps.add')}</Link>
      <ErrorList error={error} />
      {loading && <p role="status">{t('common.loading')}</p>}
      {cities && (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="dash-sr-only">{t('maps.title')}</caption>
            <thead><tr><th scope="col">{t('maps.thumbnail')}</th><th scope="col">{t('maps.name')}</th>
              <th scope="col">{t('maps.branches')}</th><th scope="col">{t('common.actions')}</th></tr></thead>
            <tbody>
              {cities.map((city) => (
                <tr key={city._id}>
                  <td>{city.thumbnail ? <img src={city.thumbnail} alt="" width={48} height={48} className="dash-thumb" /> : null}</td>
                  <td><span dir="auto">{city.name}</span>{city.nameAr && <>{' · '}<span lang="ar" dir="rtl">{city.nameAr}</span></>}{' '}
                    <MissingAltFlag missing={(['thumbnail', 'countryMap', 'cityMap', 'cityMapAdd'] as const).some((field) => lacksAlt(city[field], city[`${field}AltEn`], city[`${field}AltAr`]))} /></td>
                  <td>{city.branch.length}</td>
                  <td className="dash-row-actions">
                    <Link className="dash-button" href={`/maps/${encodeURIComponent(city._id)}`}
                      aria-label={t('common.editNamed', { name: city.name })}>{t('common.edit')}</Link>
                    <DeleteButton name={city.name} onDelete={() => void remove(city)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
