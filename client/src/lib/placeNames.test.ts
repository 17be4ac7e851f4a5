import { describe, expect, it } from 'vitest';
import { branchAddressIn, cityNameIn } from './placeNames';

describe('city names and branch addresses in the page language', () => {
  it('shows the Arabic name on Arabic pages and the Latin one on English pages', () => {
    const city = { name: 'Baghdad', nameAr: 'بغداد' };
    expect(cityNameIn('ar', city)).toEqual({ text: 'بغداد' });
    expect(cityNameIn('en', city)).toEqual({ text: 'Baghdad' });
  });

  it('falls back to the Latin text, marked as not Arabic, when no Arabic form was written', () => {
    expect(cityNameIn('ar', { name: 'Kirkuk', nameAr: '' })).toEqual({ text: 'Kirkuk', lang: 'en' });
    expect(cityNameIn('ar', { name: 'Kirkuk', nameAr: '   ' })).toEqual({ text: 'Kirkuk', lang: 'en' });
    expect(branchAddressIn('ar', { address: 'Main Street' })).toEqual({ text: 'Main Street', lang: 'en' });
  });
});
