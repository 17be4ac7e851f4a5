// The service worker's precache: what the public site needs offline, never the staff screens.
import { describe, expect, it } from 'vitest';
import { precacheList } from './service-worker';

const manifest = {
  'index.html': { file: 'assets/index-AAAAAAAA.js', isEntry: true, src: 'index.html', css: ['assets/index-BBBBBBBB.css'],
    imports: ['_jsx-CCCCCCCC.js'], dynamicImports: ['src/pages/public/CityPage.tsx', 'src/pages/dashboard/DashboardApp.tsx', 'src/pages/auth/LoginPage.tsx'] },
  '_jsx-CCCCCCCC.js': { file: 'assets/jsx-CCCCCCCC.js' },
  'src/pages/public/CityPage.tsx': { file: 'assets/CityPage-DDDDDDDD.js', src: 'src/pages/public/CityPage.tsx', imports: ['_useApi-EEEEEEEE.js', 'index.html'] },
  '_useApi-EEEEEEEE.js': { file: 'assets/useApi-EEEEEEEE.js' },
  'src/pages/dashboard/DashboardApp.tsx': { file: 'assets/DashboardApp-FFFFFFFF.js', src: 'src/pages/dashboard/DashboardApp.tsx', imports: ['_dashboard-GGGGGGGG.js'], css: ['assets/dashboard-HHHHHHHH.css'] },
  '_dashboard-GGGGGGGG.js': { file: 'assets/dashboard-GGGGGGGG.js' },
  'src/pages/auth/LoginPage.tsx': { file: 'assets/LoginPage-IIIIIIII.js', src: 'src/pages/auth/LoginPage.tsx' },
  'font.woff2': { file: 'assets/noto-sans-latin-400-normal-JJJJJJJJ.woff2', src: 'font.woff2' },
  'font.woff': { file: 'assets/noto-sans-latin-400-normal-KKKKKKKK.woff', src: 'font.woff' },
};

describe('the precache list', () => {
  const list = precacheList(manifest);

  it("holds the entry, its styles, every public screen with what it imports, woff2 fonts, texts, boot script and icons", () => {
    for (const file of ['/assets/index-AAAAAAAA.js', '/assets/index-BBBBBBBB.css', '/assets/jsx-CCCCCCCC.js', '/assets/CityPage-DDDDDDDD.js',
      '/assets/useApi-EEEEEEEE.js', '/assets/noto-sans-latin-400-normal-JJJJJJJJ.woff2', '/assets/locals/en/translate.json',
      '/assets/locals/ar/translate.json', '/boot.js', '/index.html', '/icons/icon-maskable-512.png']) {
      expect(list, file).toContain(file);
    }
  });

  it('leaves out the dashboard, the login and the woff fallbacks', () => {
    expect(list.filter((file) => /Dashboard|dashboard|LoginPage|\.woff$/.test(file))).toEqual([]);
  });
});
