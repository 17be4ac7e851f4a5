// A post card: image, title, relative time and the width-dependent excerpt.
import { Link } from 'wouter';
import { excerpt } from '../lib/excerpt';
import type { PublicPost } from '@shared/api-types';
import { RelativeTimeText } from './RelativeTimeText';
import { ResponsiveImage } from './ResponsiveImage';
import { StaffText } from './StaffText';

export function PostCard({ post, width, eager }: { post: PublicPost; width: number; eager?: boolean }) {
  return (
    <article className="card post-card">
      {post.image && (
        <ResponsiveImage src={post.image} widths={post.imageWidths} alt={post.imageAlt} sizes="(max-width: 40rem) 100vw, (max-width: 64rem) 50vw, 24rem"
          width={400} height={225} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      )}
      <div className="card-body">
        <h2 className="card-title">
          <Link href={`/p/${post._id}`}><StaffText text={post.title} /></Link>
        </h2>
        <RelativeTimeText date={post.createdAt} />
        <p className="excerpt" dir="auto"><StaffText text={excerpt(post.describtion, width)} /></p>
      </div>
    </article>
  );
}
