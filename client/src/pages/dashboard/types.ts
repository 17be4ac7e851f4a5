// Shapes of API-SHAPES.md that the dashboard reads and writes.

export interface User { _id: string; name: string; email: string; isAdmin: boolean; isAuthor: boolean; createdAt: string }

export const CONTENT_TYPES = ['About', 'Human Trafficing', 'Activity'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export interface Content { type: ContentType; contentEn: string; contentAr: string; image: string }

export const POST_TYPES = ['International', 'Iraq', 'Training', 'Guide', 'Form', 'Flyer And Brochure'] as const;
export type PostType = (typeof POST_TYPES)[number];
export const POST_STATES = ['published', 'draft'] as const;
export type PostState = (typeof POST_STATES)[number];
export interface Post {
  _id: string; title: string; describtion: string; image: string; pictures: string[]; video: string;
  language: 'en' | 'ar'; type: PostType; pdf: string; state: PostState; views: number;
  author: string | null; authorName: string | null; createdAt: string; updatedAt: string;
}

export const CONTACT_TYPES = ['phone', 'email', 'facebook', 'twitter', 'instagram', 'youtube', 'linkedin'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export interface ContactItem { _id: string; type: ContactType; value: string }

export interface Branch { address: string; phone: string; email: string; lat: number | string | null; lang: number | string | null }
export interface City {
  _id: string; name: string; thumbnail: string; countryMap: string; cityMap: string; cityMapAdd: string;
  branch: Branch[]; createdAt: string; updatedAt: string;
}

export const EMERGENCY_TYPES = ['VOT', 'Emergency'] as const;
export type EmergencyType = (typeof EMERGENCY_TYPES)[number];
export interface EmergencyItem { _id: string; type: EmergencyType; value: string; nameEN: string; nameAR: string; icon: string }

export interface RatingVote { scope: 'website' | 'service'; rate: number }

export interface EventsSummary {
  days: number;
  totals: { pageview: number; contact_click: number };
  daily: { day: string; pageview: number; contact_click: number }[];
  topPaths: { path: string; pageview: number }[];
}

export interface AuditEntry {
  _id: string; at: string; userId: string | null; userEmail: string;
  action: 'create' | 'update' | 'delete'; entity: string; entityId: string; changes: Record<string, unknown>;
}

export interface Settings { quickExitUrl: string }
