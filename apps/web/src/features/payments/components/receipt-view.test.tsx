import { PAYMENT_CHANNEL_LABELS } from '@studynest/contracts/constants';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReceiptDocument } from './receipt-content.ts';
import { ReceiptView } from './receipt-view.tsx';

afterEach(cleanup);

const receipt: ReceiptDocument = {
  title: 'Thank you for your payment!',
  subtitle: 'Your caution deposit has been received.',
  sections: [],
  notes: [],
  reference: 'SN-CF-1',
  receiptNumber: 'SN-2026-000123',
  paidOn: '27 Nov 2026',
  company: 'StudyNest',
  companyAddress: 'Lagos',
};

describe('ReceiptView', () => {
  it('says how it was paid when the provider said, and nothing when it did not', () => {
    const { unmount } = render(
      <ReceiptView receipt={receipt} actions={null} paidBy={PAYMENT_CHANNEL_LABELS.dedicated_nuban} />,
    );
    expect(screen.getByText(/Reference:/).textContent).toBe(
      'Reference: SN-CF-1 · Paid on 27 Nov 2026 · Paid by Transfer to your StudyNest account number',
    );
    unmount();
    render(<ReceiptView receipt={receipt} actions={null} />);
    expect(screen.getByText(/Reference:/).textContent).toBe('Reference: SN-CF-1 · Paid on 27 Nov 2026');
  });
});
