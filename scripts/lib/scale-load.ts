// bench:scale's loads: the mixed visitors' traffic (with or without one staff save a second) and
// the probe that watches visitors' answers while the server does heavy work (a backup, indexing).
import autocannon from 'autocannon';
import { cpuMs, request } from './process-figures';
import { publishedPostNumber, SEARCH_WORDS, scalePostId } from './scale-seed';

const TYPES = ['International', 'Iraq', 'Training', 'Guide', 'Form', 'Flyer And Brochure'];

export interface MixOptions {
  base: string;
  posts: number;
  /** Rendered pages are part of the mix when the client is built. */
  withPages: boolean;
  seconds: number;
  connections: number;
  /** The server's process: its CPU time per request is a figure too (it varies less with the machine's other work). */
  serverPid: number;
}

/** A visitor's request: pages, lists, posts, searches and page-view events, in proportions like a day's traffic. */
export function visitorRequest(posts: number, withPages: boolean, random: () => number = Math.random): { method: 'GET' | 'POST'; path: string; body?: string } {
  const postId = scalePostId(publishedPostNumber(Math.floor(Math.pow(random(), 2) * posts), posts));
  const type = encodeURIComponent(TYPES[Math.floor(random() * TYPES.length)]);
  const language = random() < 0.6 ? 'ar' : 'en';
  const page = 1 + Math.floor(Math.pow(random(), 3) * 20);
  const roll = random();
  if (withPages && roll < 0.3) {
    const pick = random();
    if (pick < 0.3) return { method: 'GET', path: '/' };
    if (pick < 0.8) return { method: 'GET', path: `/p/${postId}` };
    return { method: 'GET', path: `/posts/${type}${page > 1 ? `?p=${page}` : ''}` };
  }
  if (roll < 0.55) return { method: 'GET', path: `/api/posts/${type}/${language}?pageNumber=${page}` };
  if (roll < 0.75) return { method: 'GET', path: `/api/posts/${postId}` };
  if (roll < 0.9) {
    const word = SEARCH_WORDS[Math.floor(random() * SEARCH_WORDS.length)];
    return { method: 'GET', path: `/api/posts/s?keyword=${encodeURIComponent(word)}&pageNumber=${1 + Math.floor(Math.pow(random(), 2) * 3)}` };
  }
  return { method: 'POST', path: '/api/events', body: JSON.stringify({ name: 'pageview', path: `/p/${postId}` }) };
}

export interface MixFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  timeouts: number;
  errors: number;
  saves: number;
  /** Server CPU milliseconds per visitor's request (the saves' share included). */
  cpuMsPerRequest: number;
}

/** Edits one post a second as staff (title and text), until stopped; answers how many saves were made. */
function staffSaves(base: string, token: string, posts: number): { stop(): Promise<number> } {
  let saves = 0;
  let stopped = false;
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const started = performance.now();
      const id = scalePostId(publishedPostNumber(i * 7919, posts));
      const read = await request(`${base}/api/posts/${id}`, { headers: { authorization: `Bearer ${token}` } });
      if (read.status === 200) {
        const post = JSON.parse(read.body.toString()) as { title: string; describtion: string; language: string; type: string };
        const saved = await request(`${base}/api/posts/${id}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` },
          body: { title: `${post.title.replace(/ \(saved \d+\)$/, '')} (saved ${i})`, describtion: post.describtion, language: post.language, type: post.type } });
        if (saved.status !== 200) throw new Error(`staff save: ${saved.status} ${saved.body.toString().slice(0, 200)}`);
        saves += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - started))));
    }
  })();
  return { async stop() { stopped = true; await loop; return saves; } };
}

export async function mixedLoad(options: MixOptions, staffToken?: string): Promise<MixFigures> {
  let address = 0;
  const saver = staffToken ? staffSaves(options.base, staffToken, options.posts) : null;
  const cpuBefore = cpuMs(options.serverPid);
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [{
      setupRequest: (sent: autocannon.Request) => {
        const next = visitorRequest(options.posts, options.withPages);
        // Page-view events are limited per address: each comes from another visitor (TRUST_PROXY=loopback).
        address = (address + 1) % 60_000;
        const headers = { ...sent.headers, 'accept-encoding': 'br, gzip', cookie: Math.random() < 0.6 ? 'i18next=ar' : 'i18next=en',
          'x-forwarded-for': `10.${(address >> 8) & 255}.${address & 255}.7`, ...(next.body ? { 'content-type': 'application/json' } : {}) };
        return { ...sent, method: next.method, path: next.path, body: next.body, headers };
      },
    }],
  });
  const saves = saver ? await saver.stop() : 0;
  const cpuMsPerRequest = (cpuMs(options.serverPid) - cpuBefore) / Math.max(1, result.requests.total);
  return {
    cpuMsPerRequest,
    requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max,
    timeouts: result.timeouts, errors: result.errors - result.timeouts + result.non2xx, saves,
  };
}

/** A visitor reading list pages and posts one after another until stopped: the latencies it saw. */
export function visitorProbe(base: string, posts: number): { stop(): Promise<{ requests: number; p99: number; max: number }> } {
  const latencies: number[] = [];
  let stopped = false;
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const path = i % 2 === 0 ? `/api/posts/${scalePostId(publishedPostNumber(i * 104_729, posts))}` : `/api/posts/Iraq/ar?pageNumber=${1 + (i % 7)}`;
      const answer = await request(`${base}${path}`, { timeoutMs: 60_000 });
      latencies.push(answer.ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      return { requests: sorted.length, p99: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0, max: sorted.at(-1) ?? 0 };
    },
  };
}
