import type { MessageAudience } from '@studynest/contracts';

/**
 * Who a send went to, in words. The log only stores the hostel's id, so the screen passes a lookup
 * for the names it knows; an unknown id (a deleted hostel) still reads sensibly.
 */
export function describeAudience(
  audience: MessageAudience,
  hostelName: (id: string) => string | undefined = () => undefined,
): string {
  switch (audience.type) {
    case 'tenants':
      return 'All current tenants';
    case 'arrears':
      return 'Tenants in arrears';
    case 'hostel': {
      const name = audience.hostel_id ? hostelName(audience.hostel_id) : undefined;
      return name ? `Tenants of ${name}` : 'Tenants of one hostel';
    }
    case 'users': {
      const n = audience.user_ids?.length ?? 0;
      return n === 1 ? 'One tenant' : `${n} chosen tenants`;
    }
  }
}

export const channelLabel = (channel: 'email' | 'sms') => (channel === 'email' ? 'E-mail' : 'SMS');
