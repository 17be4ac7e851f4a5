// /contact: visitor count, average website rating, phones, e-mails and social links.
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { FacebookIcon, InstagramIcon, LinkedinIcon, MailIcon, PhoneIcon, TwitterIcon, YoutubeIcon } from '../../components/icons';
import { StarDisplay } from '../../components/Stars';
import { ErrorMessage, Loading } from '../../components/Status';
import { apiPaths } from '../../api/paths';
import { useApi } from '../../api/useApi';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useHydrated } from '../../lib/useHydrated';
import type { ContactItem, RatingSummary } from '@shared/api-types';
import { appState } from '../../state/app';

const SOCIAL: Record<string, { icon: ComponentType<{ size?: number }>; name: string }> = {
  facebook: { icon: FacebookIcon, name: 'Facebook' },
  twitter: { icon: TwitterIcon, name: 'Twitter' },
  instagram: { icon: InstagramIcon, name: 'Instagram' },
  youtube: { icon: YoutubeIcon, name: 'YouTube' },
  linkedin: { icon: LinkedinIcon, name: 'LinkedIn' },
};

/** Only http(s) addresses become links: a stored value must never run script. */
function safeUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export default function ContactPage() {
  const { t } = useTranslation();
  const snapshot = useSnapshot(appState);
  // Counted and fetched in the browser: the server's page is shared by every visitor and cached.
  const visitorCount = useHydrated() ? snapshot.visitorCount : null;
  const contacts = useApi<ContactItem[]>(apiPaths.contact);
  const rating = useApi<RatingSummary>(apiPaths.rating);
  const title = t('contact.title');
  useDocumentTitle(title);
  const items = contacts.data ?? [];
  const phones = items.filter((item) => item.type === 'phone');
  const emails = items.filter((item) => item.type === 'email');
  const socials = items.filter((item) => item.type in SOCIAL && safeUrl(item.value));
  const average = rating.data?.avgWebsite ?? 0;

  return (
    <section className="page contact-page">
      <h1>{title}</h1>
      <dl className="contact-stats">
        <div className="card">
          <dt>{t('contact.visitors')}</dt>
          <dd className="big-number"><bdi>{visitorCount ?? '–'}</bdi></dd>
        </div>
        <div className="card">
          <dt>{t('contact.websiteRating')}</dt>
          <dd><StarDisplay value={average} label={t('rating.average', { value: average.toFixed(1) })} /></dd>
        </div>
      </dl>
      {contacts.error && <ErrorMessage error={contacts.error} />}
      {contacts.loading && !contacts.data && <Loading />}
      <div className="contact-columns">
        {phones.length > 0 && (
          <section>
            <h2>{t('contact.phones')}</h2>
            <ul className="contact-list">
              {phones.map((item) => (
                <li key={item._id}><a href={`tel:${item.value.replace(/\s+/g, '')}`}><PhoneIcon size={18} /> <bdi dir="ltr">{item.value}</bdi></a></li>
              ))}
            </ul>
          </section>
        )}
        {emails.length > 0 && (
          <section>
            <h2>{t('contact.emails')}</h2>
            <ul className="contact-list">
              {emails.map((item) => (
                <li key={item._id}><a href={`mailto:${item.value}`}><MailIcon size={18} /> <bdi dir="ltr">{item.value}</bdi></a></li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {socials.length > 0 && (
        <section>
          <h2>{t('contact.social')}</h2>
          <ul className="social-list">
            {socials.map((item) => {
              const { icon: Icon, name } = SOCIAL[item.type];
              return (
                <li key={item._id}>
                  <a href={safeUrl(item.value)!} target="_blank" rel="noopener noreferrer" aria-label={t('contact.socialLink', { name })}
                    className="icon-button social-link">
                    <Icon size={24} />
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </section>
  );
}
