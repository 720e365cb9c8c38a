import type { PhoneReview } from '@studynest/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneReviewList } from './phone-review-list.tsx';

const review = (email: string, field: PhoneReview['field'], value: string): PhoneReview => ({
  user: { _id: email, first_name: 'kole', last_name: 'Ade', email, role: 'student' },
  field,
  value,
  listed_at: '2026-11-26T09:00:00.000Z',
});

describe('PhoneReviewList', () => {
  afterEach(cleanup);

  it('shows nothing while every stored number is a mobile', () => {
    const { container } = render(<PhoneReviewList reviews={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('lists each kept number with whose it is, and a way to write to them', () => {
    render(
      <PhoneReviewList
        reviews={[
          review('kole@example.com', 'phone_number', '01 234 5678'),
          review('bisi@example.com', 'emergency_phone', '12345'),
        ]}
      />,
    );
    expect(screen.getByRole('region', { name: 'Phone numbers to fix (2)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'kole@example.com' }).getAttribute('href')).toBe(
      'mailto:kole@example.com',
    );
    expect(screen.getByText('01 234 5678').parentElement?.textContent).toBe('Own number: 01 234 5678');
    expect(screen.getByText('12345').parentElement?.textContent).toBe('Emergency contact: 12345');
  });
});
