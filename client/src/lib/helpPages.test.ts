import { describe, expect, it } from 'vitest';
import { isHelpPage } from './helpPages';

describe('help pages (where nothing opens by itself)', () => {
  it('are the emergency numbers, seeking help, the service map and its cities, and contact', () => {
    for (const path of ['/e/Emergency', '/e/VOT', '/seeking_help', '/servicemap', '/maps/Baghdad', '/maps/Dhi%20Qar', '/contact', '/contact/', '/E/vot', '/MAPS/Erbil']) {
      expect(isHelpPage(path), path).toBe(true);
    }
  });

  it('are the same pages at their language addresses', () => {
    for (const path of ['/ar/e/VOT', '/en/e/Emergency', '/ar/seeking_help', '/ar/servicemap', '/en/maps/Baghdad', '/ar/contact']) {
      expect(isHelpPage(path), path).toBe(true);
    }
    for (const path of ['/ar/', '/ar/about', '/en/posts/Guide', '/fr/contact', '/arabic/contact']) {
      expect(isHelpPage(path), path).toBe(false);
    }
  });

  it('are not the other pages', () => {
    for (const path of ['/', '/about', '/ht', '/test', '/search', '/posts/Guide', '/p/abc', '/maps', '/e', '/contactus', '/e/VOT/more']) {
      expect(isHelpPage(path), path).toBe(false);
    }
  });
});
