import type { MoveOutStatement, Profile } from '@studynest/contracts';
import { toUser, type UserRow } from '../auth/index.ts';

/** What a student paid and rents, as the profile names it (profile.service.ts reads it). */
export type PaymentProfile = {
  hostel: Profile['hostel'];
  agentFee: Omit<NonNullable<Profile['agentFeePayment']>, 'payment_type'> | null;
  rent: Profile['roomPricePayment'];
  cautionFee: Profile['cautionFeePayment'];
  tenancy: Profile['rentDetails'];
};

/**
 * GET /user/{id}: the account, its emergency contact and what the student paid and rents, under
 * the spec's names (agentFeePayment, roomPricePayment, rentDetails), and which optional messages
 * they take.
 */
export function toProfile(
  row: UserRow,
  moveOutStatement: MoveOutStatement | null,
  paid: PaymentProfile,
): Profile {
  return {
    ...toUser(row),
    emergency_contact: {
      name: row.emergencyName,
      relationship: row.emergencyRelationship,
      phone: row.emergencyPhone,
      address: row.emergencyAddress,
    },
    hostel: paid.hostel,
    agentFeePayment: paid.agentFee && { ...paid.agentFee, payment_type: 'AGENT_FEE' },
    roomPricePayment: paid.rent,
    cautionFeePayment: paid.cautionFee,
    rentDetails: paid.tenancy,
    moveOutStatement,
    notify_email: row.notifyEmail,
    notify_sms: row.notifySms,
    marketing_email: row.marketingEmail,
    marketing_sms: row.marketingSms,
  };
}
