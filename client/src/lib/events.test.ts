import { describe, expect, it } from 'vitest';
import { isStaffPath } from './events';

describe('isStaffPath', () => {
  it('marks the dashboard and the login as staff screens, not page views', () => {
    for (const path of ['/dashboard', '/dashboard/posts', '/dashboard/maps/addcity', '/login_page_2022']) expect(isStaffPath(path), path).toBe(true);
  });
  it('counts every public screen, even one whose name starts like a staff path', () => {
    for (const path of ['/', '/contact', '/posts/Iraq', '/dashboardish', '/p/dashboard']) expect(isStaffPath(path), path).toBe(false);
  });
});
