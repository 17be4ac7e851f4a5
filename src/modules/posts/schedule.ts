// The scheduling rules of a post body: 'scheduled' needs a valid publication time in the future;
// every other state has none. The time arrives with its offset (the dashboard sends Baghdad time,
// +03:00) and is stored in UTC, which compares correctly as text.
import { apiError } from '../../errors';
import { postMessages } from './messages';
import type { NewPost, Post, PostState } from './schema';

const ISO_WITH_OFFSET = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The time as UTC ISO text, or null when it is not a real date and time with an offset. */
export function parsePublishAt(raw: string): string | null {
  const parts = ISO_WITH_OFFSET.exec(raw);
  if (!parts) return null;
  const ms = Date.parse(raw);
  if (!Number.isFinite(ms)) return null;
  // Date.parse rolls 30 February over into March: the calendar day must survive the round trip.
  const offset = parts[2] === 'Z' ? 0 : (parts[2].startsWith('-') ? -1 : 1) * (Number(parts[2].slice(1, 3)) * 60 + Number(parts[2].slice(4, 6)));
  if (new Date(ms + offset * 60_000).toISOString().slice(0, 10) !== parts[1]) return null;
  const year = new Date(ms).getUTCFullYear();
  return year >= 2000 && year <= 9999 ? new Date(ms).toISOString() : null;
}

/** The state and publication time a body leads to; a body without state keeps the post's. */
export function checkedSchedule(body: NewPost, before?: Post, now: number = Date.now()): { state: PostState; publishAt: string | null } {
  const state = body.state ?? before?.state ?? 'published';
  if (state !== 'scheduled') return { state, publishAt: null };
  const raw = body.publishAt !== undefined ? body.publishAt : before?.publishAt ?? null;
  if (raw === null || raw.trim() === '') throw apiError(400, postMessages.publishAtRequired, 'publishAt');
  const publishAt = parsePublishAt(raw.trim());
  if (publishAt === null) throw apiError(400, postMessages.publishAtInvalid, 'publishAt');
  // Re-saving a scheduled post unchanged is fine; a new or moved time must lie ahead.
  const unchanged = before?.state === 'scheduled' && before.publishAt === publishAt;
  if (!unchanged && Date.parse(publishAt) <= now) throw apiError(400, postMessages.publishAtPast, 'publishAt');
  return { state, publishAt };
}
