import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/client/lib/api-client';
import { applyServerIssues, errorMessage } from './server-errors';

type Fields = { username: string; password: string };

const apiError = (status: number, body: ApiError['body']) => new ApiError(status, JSON.stringify(body), body);

describe('server errors on forms', () => {
  it('puts each issue on its field and focuses only the first', () => {
    const setError = vi.fn();
    const error = apiError(400, {
      message: 'This password is too common. Choose another.',
      issues: [
        { path: 'password', message: 'This password is too common. Choose another.' },
        { path: 'body.username', message: 'That username is already taken. Choose another.' },
        { path: 'somethingElse', message: 'ignored' },
      ],
    });
    expect(applyServerIssues<Fields>(error, setError, ['username', 'password'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['password', { type: 'server', message: 'This password is too common. Choose another.' }, { shouldFocus: true }],
      [
        'username',
        { type: 'server', message: 'That username is already taken. Choose another.' },
        { shouldFocus: false },
      ],
    ]);
  });

  it('reports when nothing matched, so the screen can fall back to a toast', () => {
    const setError = vi.fn();
    expect(applyServerIssues<Fields>(new Error('offline'), setError, ['username'])).toBe(false);
    expect(applyServerIssues<Fields>(apiError(500, { message: 'x' }), setError, ['username'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it("uses the server's message, else the screen's fallback", () => {
    expect(errorMessage(apiError(409, { message: 'You cannot delete your own account.' }), 'Failed')).toBe(
      'You cannot delete your own account.',
    );
    expect(errorMessage(new ApiError(502, 'Bad Gateway', undefined), 'Failed to delete user')).toBe(
      'Failed to delete user',
    );
    expect(errorMessage(new TypeError('Failed to fetch'), 'Failed to delete user')).toBe('Failed to delete user');
  });
});
