// /e/{type}: tap-to-call cards with the number and the name in the current language.
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { apiPaths } from '../../api/paths';
import { PhoneIcon } from '../../components/icons';
import { Empty, ErrorMessage, Loading } from '../../components/Status';
import { StaffText } from '../../components/StaffText';
import { useApi } from '../../api/useApi';
import { isEmergencyType } from '../../lib/pageAddress';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { NotFoundPage } from './SmallPages';
import type { EmergencyItem } from '@shared/api-types';

export default function EmergencyPage() {
  const { t, i18n } = useTranslation();
  const { type = '' } = useParams<{ type: string }>();
  const known = isEmergencyType(type);
  const state = useApi<EmergencyItem[]>(known ? apiPaths.emergency(type) : null);
  const title = type === 'VOT' ? t('emergencyPage.vot') : t('emergencyPage.emergency');
  useDocumentTitle(title);
  const arabic = i18n.resolvedLanguage === 'ar';
  if (!known) return <NotFoundPage />;
  return (
    <section className="page">
      <h1>{title}</h1>
      {state.error && <ErrorMessage error={state.error} />}
      {state.loading && !state.data && <Loading />}
      {state.data && state.data.length === 0 && <Empty>{t('emergencyPage.empty')}</Empty>}
      {state.data && state.data.length > 0 && (
        <ul className="call-cards">
          {state.data.map((item) => {
            const name = arabic ? item.nameAR : item.nameEN;
            return (
              <li key={item._id}>
                {/* The link's name is its visible text after a hidden "Call": a speech user says what they see. */}
                <a className="card call-card" href={`tel:${item.value.replace(/\s+/g, '')}`}>
                  {item.icon
                    ? <img src={item.icon} alt="" width={48} height={48} loading="lazy" />
                    : <span className="call-card-icon"><PhoneIcon size={32} /></span>}
                  <span className="visually-hidden">{t('emergencyPage.call')} </span>
                  <span className="call-card-name"><StaffText text={name} /></span>{' '}
                  <bdi dir="ltr" className="call-card-number">{item.value}</bdi>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
