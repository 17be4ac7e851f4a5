// The posts both API benchmarks seed: 2,000 posts of every type, half English, half Arabic, with
// texts built from a few recurring words so that search has hundreds of matches to join and sort.
import type { NewPost } from '../../src/modules/posts/schema';

export const BENCH_POSTS = 2000;
const TYPES = ['International', 'Iraq', 'Training', 'Guide', 'Form', 'Flyer And Brochure'] as const;
const WORDS_EN = ['trafficking', 'labour', 'exploitation', 'protection', 'victims', 'support', 'law', 'rights', 'shelter', 'hotline'];
const WORDS_AR = ['الاتجار', 'بالبشر', 'الحماية', 'الضحايا', 'القانون', 'الحقوق', 'المساعدة', 'الاستغلال', 'العمل', 'الإيواء'];

function sentence(words: string[], i: number, length: number): string {
  return Array.from({ length }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');
}

/** The i-th benchmark post: odd ones Arabic. */
export function benchPost(i: number): NewPost {
  const arabic = i % 2 === 1;
  return {
    title: `${arabic ? 'منشور' : 'Post'} ${i} ${sentence(arabic ? WORDS_AR : WORDS_EN, i, 4)}`,
    describtion: sentence(arabic ? WORDS_AR : WORDS_EN, i, 120),
    language: arabic ? 'ar' : 'en',
    type: TYPES[i % TYPES.length],
  };
}
