/**
 * The admin activity log (docs/domain.md, "Activity log"): each admin write keeps what it did as a
 * kind with the names, amounts and ids it needs, copied when the action happened, and the log's
 * words are made from that alone, so renaming a hostel or deleting a tenant later never rewrites
 * what the log says happened.
 */
import * as z from 'zod/mini';
import { AUDIT_KINDS } from './audit-kinds.ts';
import { pagingSchema } from './common.ts';
import { MESSAGE_CHANNELS } from './constants.ts';
import { formatLagosDate, formatNaira } from './format.ts';
import { reportDateProblem, reportPeriodProblem } from './report-dates.ts';

const ref = z.object({ id: z.string(), name: z.string() });

/**
 * What one admin action did, as stored with its log entry. One shape for every kind: each kind
 * fills the fields its sentence needs (describeAuditAction) and leaves the rest out.
 */
export const AuditDescriptionSchema = z.object({
  kind: z.enum(AUDIT_KINDS),
  /** The person the action was about: the tenant refunded or moved out, the user deleted… */
  person: z.optional(z.object({ id: z.string(), name: z.string(), email: z.optional(z.string()) })),
  hostel: z.optional(ref),
  /** The room, `name` its number. */
  room: z.optional(ref),
  /** The main sum in naira: refunded, or the deposit given back at a move-out. */
  amount: z.optional(z.int()),
  /** Naira kept back (a move-out's deductions). */
  kept: z.optional(z.int()),
  /** Why, as the admin wrote it or chose it (a refund's reason, a move-out's reason). */
  reason: z.optional(z.string()),
  /** The state something was left in (a room's or a review's status, a refund's, a request's). */
  status: z.optional(z.string()),
  /** How a message went. */
  channel: z.optional(z.enum(MESSAGE_CHANNELS)),
  /** How many (recipients of a message, deliveries retried, a review's stars, a run's differences). */
  count: z.optional(z.int()),
  /** Anything else the sentence names: a message's subject, a reconciled day, the settings saved. */
  detail: z.optional(z.string()),
  /** The id of what was acted on, when it is not the person, hostel or room above. */
  target: z.optional(z.string()),
});
export type AuditDescription = z.output<typeof AuditDescriptionSchema>;

const words = (s: string | undefined) => (s ?? '').replaceAll('_', ' ');
const place = (d: AuditDescription) => [d.room?.name, d.hostel?.name].filter(Boolean).join(', ');
const who = (d: AuditDescription) => d.person?.name ?? 'someone';
const plural = (n: number | undefined, one: string, many: string) => `${n ?? 0} ${n === 1 ? one : many}`;

/**
 * The log's sentence for one action, e.g. "Refunded ₦100,000 to Tunde Bakare — Inspection cancelled".
 * The one place a kind becomes words: given only a kind (an entry kept before descriptions, its kind
 * read from its route), each kind still reads as a sentence, without the names and amounts it lacks.
 */
export function describeAuditAction(d: AuditDescription): string {
  const naira = (n: number | undefined) => formatNaira(n ?? 0);
  const why = d.reason ? ` — ${d.reason}` : '';
  const message = (verb: string) =>
    `${verb} ${d.channel === 'sms' ? 'a text' : d.channel === 'email' ? 'an e-mail' : 'a message'}${
      d.count === undefined ? '' : ` to ${plural(d.count, 'person', 'people')}`
    }${d.detail ? `: “${d.detail}”` : ''}`;
  const hostel = (verb: string) => `${verb} ${d.hostel ? `hostel ${d.hostel.name}` : 'a hostel'}`;
  const room = place(d) || 'a room';
  switch (d.kind) {
    case 'refund.created':
      return d.amount === undefined ? 'Refunded a payment' : `Refunded ${naira(d.amount)} to ${who(d)}${why}`;
    case 'refund.checked':
      return d.amount === undefined
        ? 'Checked a refund with the payment provider'
        : `Checked the refund of ${naira(d.amount)} to ${who(d)} with the provider: ${words(d.status)}`;
    case 'refund.closed':
      return d.amount === undefined
        ? 'Closed the refunds of a payment, keeping the rest'
        : `Closed the refunds to ${who(d)}: ${naira(d.amount)} refunded, ${naira(d.kept)} kept${why}`;
    case 'credit.allocated':
      return d.amount === undefined
        ? 'Paid something a student owed from her transfer credit'
        : `Paid ${naira(d.amount)} ${d.detail ? `(${d.detail}) ` : ''}from ${who(d)}'s transfer credit`;
    case 'credit.refunded':
      return d.amount === undefined
        ? "Refunded a student's transfer credit"
        : `Refunded ${naira(d.amount)} of ${who(d)}'s transfer credit${why}`;
    case 'tenancy.moved_out':
      return d.person
        ? `Moved out ${who(d)} from ${room}, ${naira(d.kept)} kept${d.amount ? `, ${naira(d.amount)} to refund` : ''}${why}`
        : 'Moved out a tenant';
    case 'tenancy.condition_recorded':
      return d.count === undefined
        ? "Recorded a room's condition at move-in"
        : `Recorded version ${d.count} of a room's condition at move-in`;
    case 'tenancy.condition_confirmed':
      return d.count === undefined
        ? "Confirmed a tenant's record of their room's condition"
        : `Confirmed version ${d.count} of a tenant's record of their room's condition`;
    case 'maintenance.updated':
      return d.status
        ? `Marked ${who(d)}'s ${words(d.detail)} request in ${room} ${words(d.status)}`
        : 'Updated a maintenance request';
    case 'message.sent':
      return message('Sent');
    case 'message.previewed':
      return message('Previewed');
    case 'message.retried':
      return d.count === undefined
        ? "Retried a message's failed deliveries"
        : `Retried ${plural(d.count, 'failed delivery', 'failed deliveries')}${d.detail ? ` of “${d.detail}”` : ''}`;
    case 'hostel.created':
      return hostel('Created');
    case 'hostel.updated':
      return hostel('Updated');
    case 'hostel.deleted':
      return hostel('Deleted');
    case 'hostel.closed':
      return hostel('Closed');
    case 'hostel.reopened':
      return hostel('Reopened');
    case 'room.created':
      return d.amount === undefined ? `Added ${room}` : `Added ${room} at ${naira(d.amount)} a year`;
    case 'room.updated':
      return `Updated ${room}${d.amount === undefined ? '' : `, ${naira(d.amount)} a year`}`;
    case 'room.status_changed':
      return d.status ? `Set ${room} to ${words(d.status)}` : `Changed the status of ${room}`;
    case 'room.deleted':
      return `Deleted ${room}`;
    case 'room.photos_added':
      return d.count === undefined
        ? `Added photos to ${room}`
        : `Added ${plural(d.count, 'photo', 'photos')} to ${room}`;
    case 'room.photo_removed':
      return `Removed a photo from ${room}`;
    case 'review.moderated':
      return d.status
        ? `Set ${who(d)}'s review${d.count ? ` (${plural(d.count, 'star', 'stars')})` : ''} to ${words(d.status)}`
        : 'Moderated a review';
    case 'document.viewed':
      return d.person ? `Viewed ${who(d)}'s ${d.detail ?? 'document'}` : "Viewed a student's document";
    case 'document.approved':
      return d.person ? `Approved ${who(d)}'s ${d.detail ?? 'document'}` : "Approved a student's document";
    case 'document.rejected':
      return d.person
        ? `Rejected ${who(d)}'s ${d.detail ?? 'document'}${why}`
        : "Rejected a student's document";
    case 'settings.changed':
      return d.detail ? `Changed the settings: ${d.detail}` : 'Changed the settings';
    case 'admin.created':
      return d.person
        ? `Created admin ${who(d)}${d.person.email ? ` (${d.person.email})` : ''}`
        : 'Created an admin';
    case 'user.deleted':
      return d.person
        ? `Deleted user ${who(d)}${d.person.email ? ` (${d.person.email})` : ''}`
        : 'Deleted a user';
    case 'two_step.reset':
      return d.person ? `Reset two-step sign-in for ${who(d)}` : "Reset an admin's two-step sign-in";
    case 'two_step.setup':
      return 'Started setting up two-step sign-in';
    case 'two_step.enabled':
      return 'Turned on two-step sign-in';
    case 'two_step.disabled':
      return 'Turned off two-step sign-in';
    case 'retention.deleted':
      return d.detail
        ? `Deleted ${who(d)}'s ${d.detail}${d.reason ? ` (${d.reason})` : ''}`
        : 'Deleted files past their retention period';
    case 'reconciliation.run':
      return `Reconciled ${d.detail ? formatLagosDate(d.detail) : 'a day'} with the payment provider${d.status ? `: ${words(d.status)}` : ''}${d.count ? `, ${plural(d.count, 'difference', 'differences')}` : ''}`;
  }
}

/** GET /admin/audit: what admins changed (every successful admin write). */
export const AuditEntrySchema = z.object({
  _id: z.string(),
  actor: z.nullable(z.object({ _id: z.string(), email: z.string(), name: z.string() })),
  /** Method and route, e.g. "DELETE /api/user/:id". */
  action: z.string(),
  /** What the action did, as kept when it happened; null on entries older than descriptions. */
  description: z.nullable(AuditDescriptionSchema),
  /** The kind of action: the description's, or on an older entry the kind its route is (null if none). */
  kind: z.nullable(z.enum(AUDIT_KINDS)),
  /**
   * The action in words, made from `description`; an entry kept before descriptions reads as its
   * kind in general words (from its route), never as the route itself.
   */
  summary: z.string(),
  /** The id in the path, when there is one. */
  target_id: z.nullable(z.string()),
  status_code: z.int(),
  ip: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.output<typeof AuditEntrySchema>;
export const AuditListSchema = z.array(AuditEntrySchema);

const lagosDay = (name: 'from' | 'to') =>
  z.optional(
    z.string().check(
      z.refine((v) => reportDateProblem(name, v) === null, {
        error: (issue) => reportDateProblem(name, String(issue.input)) ?? undefined,
      }),
    ),
  );

/** Both ends given and each a good date: only then is the period itself checked. */
const bothDates = (q: { from?: string; to?: string }): q is { from: string; to: string } =>
  Boolean(q.from && q.to) &&
  reportDateProblem('from', q.from as string) === null &&
  reportDateProblem('to', q.to as string) === null;

/**
 * GET /admin/audit filters, all optional: `person` (part of a name or e-mail, of the admin who acted
 * or the person affected), `kind`, and `from`/`to` Lagos days (both included).
 */
export const AuditQuerySchema = z
  .extend(pagingSchema(500), {
    person: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: 'person must not be empty' }),
          z.maxLength(100, { error: 'person must be at most 100 characters' }),
        ),
    ),
    kind: z.optional(z.enum(AUDIT_KINDS, { error: `kind must be one of: ${AUDIT_KINDS.join(', ')}` })),
    from: lagosDay('from'),
    to: lagosDay('to'),
  })
  .check(
    z.refine((q) => !bothDates(q) || reportPeriodProblem(q.from, q.to) === null, {
      error: (issue) => {
        const q = issue.input as { from: string; to: string };
        return reportPeriodProblem(q.from, q.to) ?? undefined;
      },
      path: ['to'],
    }),
  );
export type AuditQueryInput = z.input<typeof AuditQuerySchema>;
export type AuditQuery = z.output<typeof AuditQuerySchema>;

/** A person as the log keeps them, from any person reference the API answers with. */
export const auditPerson = (p: { _id: string; first_name: string; last_name: string; email: string }) => ({
  id: p._id,
  name: `${p.first_name} ${p.last_name}`.trim(),
  email: p.email,
});
export const auditHostel = (h: { _id: string; hostel_name: string }) => ({ id: h._id, name: h.hostel_name });
/** Room numbers are kept as 'room 01'; the log writes 'Room 01'. */
export const auditRoom = (r: { _id: string; room_number: string }) => ({
  id: r._id,
  name: r.room_number.charAt(0).toUpperCase() + r.room_number.slice(1),
});

type SettingsValues = {
  reminder_days_before: number[];
  overdue_days_after: number[];
  reminder_sms: boolean;
  inspection_cancel_hours: number;
  paperwork_required_for_rent: boolean;
  document_retention_days: number;
};

/** What a settings save changed, old → new, for the log ("no change" when nothing did). */
export function settingsChanges(before: SettingsValues, after: SettingsValues): string {
  const days = (list: number[]) => (list.length ? list.join(', ') : 'none');
  const onOff = (on: boolean) => (on ? 'on' : 'off');
  const fields: [string, string, string][] = [
    [
      'reminder days before the due date',
      days(before.reminder_days_before),
      days(after.reminder_days_before),
    ],
    ['overdue notice days', days(before.overdue_days_after), days(after.overdue_days_after)],
    ['reminder texts', onOff(before.reminder_sms), onOff(after.reminder_sms)],
    [
      'inspection cancellation window (hours)',
      String(before.inspection_cancel_hours),
      String(after.inspection_cancel_hours),
    ],
    [
      'paperwork required before rent',
      onOff(before.paperwork_required_for_rent),
      onOff(after.paperwork_required_for_rent),
    ],
    [
      'file retention after a tenancy ends (days)',
      String(before.document_retention_days),
      String(after.document_retention_days),
    ],
  ];
  const changed = fields
    .filter(([, was, now]) => was !== now)
    .map(([name, was, now]) => `${name} ${was} → ${now}`);
  return changed.length ? changed.join('; ') : 'no change';
}
