/**
 * The kinds of admin action the activity log tells apart (docs/domain.md, "Activity log"), without
 * zod: the activity page's kind filter reads them, and zod would ride into its chunk.
 */
/** Every kind of admin action the log tells apart, with the filter's name for each. */
export const AUDIT_KIND_LABELS = {
  'refund.created': 'Refunds',
  'refund.checked': 'Refund checks',
  'refund.closed': 'Refunds closed (rest kept)',
  'credit.allocated': 'Transfer credits allocated',
  'credit.refunded': 'Transfer credits refunded',
  'tenancy.moved_out': 'Move-outs',
  'tenancy.condition_recorded': 'Condition reports recorded',
  'tenancy.condition_confirmed': 'Condition reports confirmed',
  'maintenance.updated': 'Maintenance updates',
  'message.sent': 'Messages sent',
  'message.previewed': 'Message previews',
  'message.retried': 'Message retries',
  'hostel.created': 'Hostels created',
  'hostel.updated': 'Hostels updated',
  'hostel.deleted': 'Hostels deleted',
  'hostel.closed': 'Hostels closed',
  'hostel.reopened': 'Hostels reopened',
  'room.created': 'Rooms added',
  'room.updated': 'Rooms updated',
  'room.status_changed': 'Room status changes',
  'room.deleted': 'Rooms deleted',
  'room.photos_added': 'Room photos added',
  'room.photo_removed': 'Room photos removed',
  'review.moderated': 'Reviews moderated',
  'document.viewed': 'Documents viewed',
  'document.approved': 'Documents approved',
  'document.rejected': 'Documents rejected',
  'settings.changed': 'Settings changes',
  'admin.created': 'Admins created',
  'user.deleted': 'Users deleted',
  'two_step.reset': 'Two-step resets',
  'two_step.setup': 'Two-step set-ups started',
  'two_step.enabled': 'Two-step turned on',
  'two_step.disabled': 'Two-step turned off',
  'reconciliation.run': 'Reconciliation runs',
  'retention.deleted': 'Files deleted after their retention period',
} as const;
export type AuditKind = keyof typeof AUDIT_KIND_LABELS;
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_LABELS) as [AuditKind, ...AuditKind[]];
