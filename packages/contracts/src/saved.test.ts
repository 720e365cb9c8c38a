import { describe, expect, it } from 'vitest';
import { canonicalSearch, describeSearch, SavedCreateSchema, searchParamsObject } from './saved.ts';

describe('saved searches', () => {
  it('keep the filters only, in one order, encoded as a form sends them', () => {
    expect(canonicalSearch('?university=UNILAG&cursor=x&max_price=250000&sort=price&limit=5&city=')).toBe(
      'max_price=250000&university=UNILAG',
    );
    expect(canonicalSearch('q=green+lodge&unit=one%20bedroom%20flat')).toBe(
      'q=green+lodge&unit=one+bedroom+flat',
    );
    expect(canonicalSearch('q=100%')).toBe('q=100%25');
  });

  it('read repeated keys as a list, as the search does', () => {
    expect(searchParamsObject('amenities=wifi&amenities=water')).toEqual({ amenities: 'wifi,water' });
  });

  it("are checked with the search's own schema, naming the field", () => {
    const bad = SavedCreateSchema.safeParse({ search: 'gender=robot' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['search', 'gender']);
    expect(SavedCreateSchema.safeParse({ search: 'max_price=₦300,000' }).success).toBe(true);
  });

  it('read as words', () => {
    expect(
      describeSearch({ include_closed: false, q: 'lodge', university: 'UNILAG', max_price: 250_000 }),
    ).toBe('“lodge” · UNILAG · up to ₦250,000');
  });
});
