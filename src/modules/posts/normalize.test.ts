import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from './normalize';

describe('normalizeForSearch', () => {
  it('makes الاتّجار (shadda) and الإتجار (hamza below) equal to الاتجار', () => {
    const plain = normalizeForSearch('الاتجار');
    expect(normalizeForSearch('الاتّجار')).toBe(plain);
    expect(normalizeForSearch('الإتجار')).toBe(plain);
    expect(plain).toBe('الاتجار');
  });

  it('removes every diacritic and the tatweel', () => {
    expect(normalizeForSearch('مُسَاعَدَةٌ')).toBe('مساعده');
    expect(normalizeForSearch('حمـــاية')).toBe('حمايه');
    expect(normalizeForSearch('رَحْمٰن')).toBe('رحمن');
  });

  it('folds the alef forms, ta marbuta and alef maqsura', () => {
    expect(normalizeForSearch('أإآٱا')).toBe('ااااا');
    expect(normalizeForSearch('حماية')).toBe('حمايه');
    expect(normalizeForSearch('مستشفى')).toBe('مستشفي');
  });

  it('folds Latin case and compatibility forms (NFKC)', () => {
    expect(normalizeForSearch('Human TRAFFICKING')).toBe('human trafficking');
    expect(normalizeForSearch('ﬁle')).toBe('file');
    expect(normalizeForSearch('ＡＢＣ')).toBe('abc');
  });

  it('turns Arabic presentation forms into ordinary letters', () => {
    expect(normalizeForSearch('\uFEE3\uFEE8')).toBe('\u0645\u0646');
  });

  it('leaves other text as it is', () => {
    expect(normalizeForSearch('533 <b>x</b>')).toBe('533 <b>x</b>');
    expect(normalizeForSearch('')).toBe('');
  });
});
