import { describe, expect, it } from 'vitest';
import { safeNext } from './next-path.ts';

describe('safeNext: where login may send her back to', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeNext('/book-inspection/0b6f3c1e-1111-4222-8333-944445555666')).toBe(
      '/book-inspection/0b6f3c1e-1111-4222-8333-944445555666',
    );
    expect(safeNext('/hostels?q=unilag&max_price=250000#results')).toBe(
      '/hostels?q=unilag&max_price=250000#results',
    );
    expect(safeNext('/')).toBe('/');
  });

  it.each([
    ['another host, scheme-relative', '//evil.example/login'],
    ['another host behind a backslash', '/\\evil.example'],
    ['a full URL', 'https://evil.example/book-inspection/1'],
    ['our own origin written out (still not a path)', 'http://localhost/profile'],
    ['a script', 'javascript:alert(1)'],
    ['a script with a leading slash trick', '/\\/javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'book-inspection/1'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a line break', '/book\n-inspection'],
    ['empty', ''],
    ['absurdly long', `/${'a'.repeat(600)}`],
    ['not text', 42],
    ['nothing', null],
  ])('refuses %s', (_label, value) => {
    expect(safeNext(value)).toBeUndefined();
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeNext('/../../etc/passwd')).toBe('/etc/passwd');
    expect(safeNext('/a/../book-inspection/1')).toBe('/book-inspection/1');
  });
});
