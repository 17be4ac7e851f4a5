// The shapes the public site reads (see .tmp/API-SHAPES.md).
export interface Post {
  _id: string;
  title: string;
  describtion: string;
  image: string;
  pictures: string[];
  video: string;
  language: string;
  type: string;
  pdf: string;
  state: string;
  views: number;
  createdAt: string;
}

export interface PostPage {
  posts: Post[];
  pages: number;
}

export interface Branch {
  address: string;
  phone: string;
  email: string;
  lat: number | null;
  lang: number | null;
}

export interface City {
  _id: string;
  name: string;
  thumbnail: string;
  countryMap: string;
  cityMap: string;
  cityMapAdd: string;
  branch: Branch[];
}

export interface RatingSummary {
  avgCountry: number;
  avgWebsite: number;
}

export interface ContactItem {
  _id: string;
  type: string;
  value: string;
}

export interface EmergencyItem {
  _id: string;
  type: string;
  value: string;
  nameEN: string;
  nameAR: string;
  icon: string;
}

export interface Content {
  type: string;
  contentEn: string;
  contentAr: string;
  image: string;
}
