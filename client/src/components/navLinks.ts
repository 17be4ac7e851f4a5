// The eight links of the home circular menu, shared with the mobile top navigation (docs/product-rules.md, Screens).
export const NAV_LINKS = [
  { href: '/', key: 'nav.home' },
  { href: '/ht', key: 'nav.ht' },
  { href: '/servicemap', key: 'nav.servicemap' },
  { href: '/seeking_help', key: 'nav.seekingHelp' },
  { href: '/about', key: 'nav.about' },
  { href: '/international', key: 'nav.international' },
  { href: '/useful_tools', key: 'nav.usefulTools' },
  { href: '/contact', key: 'nav.contact' },
] as const;

export const CONTACT_HREF = '/contact';

/** The staff area has no language address: its link leaves the page's language prefix (wouter's `~`). */
export const DASHBOARD_HREF = '~/dashboard/posts';
