// /international, /useful_tools and /seeking_help: screens made of large link buttons or cards.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ShieldIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

interface Item { href: string; key: string }

function LinkButtonsPage({ titleKey, introKey, items, cards }: { titleKey: string; introKey?: string; items: Item[]; cards?: boolean }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section className="page">
      <h1>{title}</h1>
      {introKey && <p className="lead">{t(introKey)}</p>}
      <ul className={cards ? 'link-cards' : 'link-buttons'}>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} className={cards ? 'card link-card' : 'button button-large'}>{t(item.key)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function InternationalPage() {
  return (
    <LinkButtonsPage titleKey="international.title" introKey="international.intro" cards items={[
      { href: '/posts/Iraq', key: 'international.iraq' },
      { href: '/posts/International', key: 'international.international' },
    ]} />
  );
}

export function UsefulToolsPage() {
  return (
    <LinkButtonsPage titleKey="tools.title" introKey="tools.intro" items={[
      { href: '/posts/Training', key: 'tools.training' },
      { href: '/posts/Guide', key: 'tools.guide' },
      { href: `/posts/${encodeURIComponent('Flyer And Brochure')}`, key: 'tools.flyer' },
      { href: '/posts/Form', key: 'tools.form' },
    ]} />
  );
}

export function SeekingHelpPage() {
  const { t } = useTranslation();
  return (
    <>
      <LinkButtonsPage titleKey="help.title" introKey="help.intro" items={[
        { href: '/e/Emergency', key: 'help.emergency' },
        { href: '/servicemap', key: 'help.servicemap' },
        { href: '/e/VOT', key: 'help.vot' },
      ]} />
      <aside className="page safety-note">
        <ShieldIcon size={22} />
        <p>{t('help.safety')} <Link href="/browse-safely">{t('help.browseSafely')}</Link></p>
      </aside>
    </>
  );
}

export function StaticTitlePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section className="page">
      <h1>{title}</h1>
      <p className="lead">{t('placeholder.text')}</p>
    </section>
  );
}
