import { describe, expect, it } from 'vitest';
import { loginPathFor, safeAdminPath } from './safe-next';

describe('safeAdminPath: where sign-in may send you', () => {
  it('keeps a back-office page with its query and fragment', () => {
    expect(safeAdminPath('/admin/users?tab=all#top')).toBe('/admin/users?tab=all#top');
    expect(safeAdminPath('/admin')).toBe('/admin');
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/admin'],
    ['//evil.example/admin'],
    ['/\\evil.example/admin'],
    ['/admin\\..\\x'],
    ['javascript:alert(1)'],
    ['/'],
    ['/about'],
    ['/administrator'],
    ['/admin/login'],
    ['/admin/login?next=/admin/users'],
    ['admin/users'],
  ])('sends %j to the dashboard instead', (next) => {
    expect(safeAdminPath(next)).toBe('/admin');
  });
});

describe('loginPathFor: the sign-in address that brings you back', () => {
  it('carries the page and its query in `next`', () => {
    expect(loginPathFor({ pathname: '/admin/users', search: '?tab=all' })).toBe(
      '/admin/login?next=%2Fadmin%2Fusers%3Ftab%3Dall',
    );
  });

  it('needs no `next` for the dashboard itself', () => {
    expect(loginPathFor({ pathname: '/admin', search: '' })).toBe('/admin/login');
  });
});
