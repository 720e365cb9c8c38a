/** The six 30-minute inspection slots, exactly as the spec writes them (they are joined into inspection_date_time). */
export const INSPECTION_SLOTS = [
  '08:00am - 08:30am',
  '10:00am - 10:30am',
  '12:00pm - 12:30pm',
  '02:00pm - 02:30pm',
  '04:00pm - 04:30pm',
  '05:00pm - 05:30pm',
] as const;
export type InspectionSlot = (typeof INSPECTION_SLOTS)[number];

export const ROOM_UNITS = [
  'single room (share facilities)',
  'one bedroom flat',
  'two bedroom flat',
  'three bedroom flat',
  'four bedroom flat',
] as const;
export type RoomUnit = (typeof ROOM_UNITS)[number];

export const ROOM_NUMBERS = Array.from(
  { length: 20 },
  (_, i) => `room ${String(i + 1).padStart(2, '0')}`,
) as readonly string[];

export const ROOM_STATUSES = ['available', 'booked', 'rented'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** What people see for each stored status ("rented" is shown as Occupied). */
export const ROOM_STATUS_LABELS: Record<RoomStatus, string> = {
  available: 'Available',
  booked: 'Booked',
  rented: 'Occupied',
};

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const USER_ROLES = ['student', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** An account's phone numbers: its own, and its emergency contact's (docs/domain.md, "Accounts"). */
export const PHONE_FIELDS = ['phone_number', 'emergency_phone'] as const;
export type PhoneField = (typeof PHONE_FIELDS)[number];

/**
 * A stored number waiting for the check that rewrites it to E.164 (`pending`, from migration 0022),
 * or one that check kept unchanged because it cannot be a Nigerian mobile (`open`, for admins).
 */
export const PHONE_REVIEW_STATUSES = ['pending', 'open'] as const;
export type PhoneReviewStatus = (typeof PHONE_REVIEW_STATUSES)[number];

/** What a payment is for, everywhere inside the product (database, code, docs/domain.md). */
export const PAYMENT_KINDS = ['agent_fee', 'rent', 'caution_fee'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * The same kinds as the API and the receipts spell them (`payment_type`, `purpose`): a fixed part of
 * the public contract, so they stay upper case on the wire.
 */
export const PAYMENT_TYPES = ['AGENT_FEE', 'ROOM_RENT', 'CAUTION_FEE'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_TYPE_OF: Record<PaymentKind, PaymentType> = {
  agent_fee: 'AGENT_FEE',
  rent: 'ROOM_RENT',
  caution_fee: 'CAUTION_FEE',
};
/** The other way round, so the two can never disagree. */
export const PAYMENT_KIND_OF = Object.fromEntries(
  PAYMENT_KINDS.map((kind) => [PAYMENT_TYPE_OF[kind], kind]),
) as Record<PaymentType, PaymentKind>;

/** What people read for each kind: one wording everywhere (screens, e-mails, PDFs). */
export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  agent_fee: 'Agent fee',
  rent: 'Rent',
  caution_fee: 'Caution deposit',
};

/** Where each kind of payment is started (the original API's paths, under /api). */
export const PAYMENT_INITIATE_PATHS = {
  agent_fee: '/payments/agent-fee/initiate',
  rent: '/payments/room-price/initiate',
  caution_fee: '/payments/caution-fee/initiate',
} as const satisfies Record<PaymentKind, string>;

export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where a payment came from: the real provider or the built-in offline stand-in. */
export const PAYMENT_PROVIDERS = ['sandbox', 'paystack'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * A refund's life (docs/domain.md, "Refunds"): pending → processed | failed, or unknown when the
 * provider did not answer (it may have paid it back): only the provider's own word settles that.
 * A failed one may be tried again; nothing else may.
 */
export const REFUND_STATUSES = ['pending', 'unknown', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Why a successful payment is owed back (`needs_refund`): stored with the flag. */
export const REFUND_REASONS = ['room_taken', 'inspection_cancelled', 'duplicate'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  room_taken: 'Room taken by someone else',
  inspection_cancelled: 'Inspection cancelled',
  duplicate: 'Duplicate payment',
};

/** How much of a successful payment has been given back, as the payer's lists show it. */
export const PAYMENT_REFUND_STATES = ['none', 'pending', 'partly_refunded', 'refunded'] as const;
export type PaymentRefundState = (typeof PAYMENT_REFUND_STATES)[number];

/**
 * A booking's life (docs/domain.md, "Bookings and holds"): pending while its hold runs, then confirmed
 * (agent fee paid), expired (the hold ran out unpaid) or cancelled; a confirmed one is inspected once
 * its student rents the room (the agent fee is spent on the tenancy).
 */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'inspected', 'expired', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** What people read for each booking status (an inspected booking's student went on to rent the room). */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  inspected: 'Inspected, rented',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** How a message reaches someone. */
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
/**
 * The profile's switches for consent to news and offers, as shown and as recorded (consent.ts).
 * Here because the profile loads this file already and its download budget has no room for another.
 */
export const MARKETING_SWITCH_WORDING = {
  marketing_email: 'News and offers by e-mail',
  marketing_sms: 'News and offers by text message',
} as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Why a message is sent (docs/domain.md, "Messages" and "Consent"). Account, security and payment
 * messages always go; the other service messages (an `alert` is a saved hostel's or search's news)
 * only to people who have not turned that channel off; `news` (news and offers: marketing) only to
 * people who said yes to it on that channel.
 */
export const MESSAGE_TOPICS = [
  'account',
  'security',
  'payment',
  'reminder',
  'announcement',
  'maintenance',
  'alert',
  'news',
] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];
export const ALWAYS_SENT_TOPICS: readonly MessageTopic[] = ['account', 'security', 'payment'];
/** Marketing: sent only with the person's consent on that channel (marketing_email / marketing_sms). */
export const MARKETING_TOPICS: readonly MessageTopic[] = ['news'];
/** Which of a person's answers an optional message obeys: her service switches, or her marketing consent. */
export type MessageList = 'service' | 'marketing';
export const listOfTopic = (topic: MessageTopic): MessageList =>
  MARKETING_TOPICS.includes(topic) ? 'marketing' : 'service';

/** One message to one person, from queued to sent (or failed after its last retry). */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

// Admin messages (admin-messages.ts). Here, not there, so the web can count characters and
// SMS segments as the admin types without loading zod.
/** An admin's message goes to one of these groups (docs/domain.md, "Messages"). */
export const MESSAGE_AUDIENCES = ['tenants', 'hostel', 'users', 'arrears'] as const;
export type MessageAudienceType = (typeof MESSAGE_AUDIENCES)[number];

/** Longest bodies: ten SMS segments, or a long e-mail. */
export const MESSAGE_LIMITS = { sms: 1_600, email: 20_000, users: 500 } as const;

/** What the body may say about each recipient; filled in per person. */
export const MESSAGE_PLACEHOLDERS = ['{first_name}', '{hostel}', '{room}', '{due_date}'] as const;

/**
 * How many SMS a text is billed as. Plain ASCII goes as GSM-7: 160 characters, or 153 per part
 * once split. Anything else (₦, emoji, accented names) makes the whole text UCS-2: 70, or 67.
 */
export function smsSegments(text: string): number {
  const plain = /^[\x20-\x7E\n\r]*$/.test(text);
  const [single, part] = plain ? [160, 153] : [70, 67];
  return text.length <= single ? 1 : Math.ceil(text.length / part);
}

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Business constants the product and its legal pages state. */
export const BUSINESS = {
  otpLength: 4,
  otpTtlMinutes: 10,
  otpMaxAttempts: 5,
  holdMinutes: 30,
  /** Rooms one student may hold at a time: enough to compare two, too few to block a hostel. */
  maxLiveHolds: 2,
  leaseMonths: 12,
  /** The most a caution deposit may be, as the terms state it. */
  cautionDepositNaira: 50_000,
  /**
   * Renewal opens this many days before the due date (docs/domain.md, "Tenancy"): early enough for
   * the first reminder (30 days before), late enough that nobody pays a year they may not need.
   */
  renewalWindowDays: 60,
  passwordMinLength: 8,
  maxHostelImages: 10,
  /** A room's own photos: enough to show its corners and bathroom, few enough for a card to page through. */
  maxRoomImages: 8,
  maxImageBytes: 8 * 1024 * 1024,
} as const;

/** Who stands behind the site: in every page's footer, e-mail and receipt. */
export const COMPANY = {
  name: 'StudyNest Hostels Ltd.',
  postalAddress: '14 Ozolua Road, Ugbowo, Benin City 300283, Edo State, Nigeria',
} as const;

/** Browser storage keys the spec fixes. */
export const STORAGE_KEYS = { token: 'userToken', userId: 'userId' } as const;

export const MAINTENANCE_CATEGORIES = [
  'plumbing',
  'electrical',
  'water',
  'security',
  'furniture',
  'other',
] as const;
export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];

export const MAINTENANCE_URGENCIES = ['emergency', 'normal'] as const;
export type MaintenanceUrgency = (typeof MAINTENANCE_URGENCIES)[number];

export const MAINTENANCE_STATUSES = ['open', 'in_progress', 'done'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** The help page's promises: emergencies within 24 hours, other repairs within 5 business days. */
export const MAINTENANCE_TARGETS = { emergencyHours: 24, normalBusinessDays: 5, maxPhotos: 3 } as const;

/**
 * How much one tenant may have in the queue (docs/domain.md, "Maintenance"): unfinished reports at
 * once and new reports per Lagos day, so one script cannot bury everyone else's. The admins' queue
 * comes a page at a time.
 */
export const MAINTENANCE_LIMITS = {
  openPerTenant: 10,
  perLagosDay: 15,
  pageSize: 50,
  maxPageSize: 200,
} as const;

/**
 * Why a tenancy ended (docs/domain.md, "Move-out"): the tenant gave notice (and left once it ran
 * out, or earlier), the paid year ran out and was not renewed, or the company ended it for a
 * breach of the terms.
 */
export const MOVE_OUT_REASONS = ['tenant_notice', 'left_early', 'lease_ended', 'breach'] as const;
export type MoveOutReason = (typeof MOVE_OUT_REASONS)[number];
export const MOVE_OUT_REASON_LABELS: Record<MoveOutReason, string> = {
  tenant_notice: 'Tenant gave notice',
  left_early: 'Tenant gave notice and left before it ran out',
  lease_ended: 'Rent year ended, not renewed',
  breach: 'Breach of the tenancy terms',
};

/** The most deductions one move-out may list. */
export const MAX_DEDUCTIONS = 20;

export const HOSTEL_SORTS = ['price', '-price', 'newest', 'nearest'] as const;
export type HostelSort = (typeof HOSTEL_SORTS)[number];

/** The search parameters of GET /hostels; any of them turns the list into a search (docs/domain.md). */
export const HOSTEL_SEARCH_PARAMS = [
  'q',
  'university',
  'state',
  'city',
  'unit',
  'min_price',
  'max_price',
  'gender',
  'amenities',
  'available',
  'sort',
  'limit',
  'cursor',
] as const;

/** How a payment was made, as the provider reports it; `dedicated_nuban` is a transfer to her own account number. */
export const PAYMENT_CHANNELS = ['card', 'bank_transfer', 'ussd', 'dedicated_nuban'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** The channels offered at checkout, always sent to the provider explicitly. */
export const CHECKOUT_CHANNELS = [
  'card',
  'bank_transfer',
  'ussd',
] as const satisfies readonly PaymentChannel[];

export const PAYMENT_CHANNEL_LABELS: Record<PaymentChannel, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  dedicated_nuban: 'Transfer to your StudyNest account number',
};
