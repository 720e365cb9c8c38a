import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  AdminMessageCreateSchema,
  AdminSettingsSchema,
  AgreementAcceptSchema,
  BookingCreateSchema,
  ChangePasswordSchema,
  ConditionRecordSchema,
  ConfirmPasswordSchema,
  CreditAllocateSchema,
  CreditRefundSchema,
  ForgotPasswordSchema,
  HostelFieldsSchema,
  HostelReplaceFieldsSchema,
  HostelReviewHideSchema,
  HostelReviewWriteSchema,
  HostelUpdateFieldsSchema,
  LoginSchema,
  MaintenanceUpdateSchema,
  MfaDisableSchema,
  MfaEnableSchema,
  MoveOutSchema,
  PaymentInitiateSchema,
  PaymentVerifyBodySchema,
  ReconcileDaySchema,
  RefundCloseSchema,
  RefundCreateSchema,
  ResendOtpSchema,
  ResetPasswordSchema,
  ReviewCreateSchema,
  ReviewStatusUpdateSchema,
  RoomCreateSchema,
  RoomPatchSchema,
  RoomReplaceSchema,
  RoomStatusInputSchema,
  SandboxTransferSchema,
  SubscriberCreateSchema,
  TenancyNoticeSchema,
  VerifyEmailSchema,
} from '@studynest/contracts';
import { DeleteAccountSchema, ProfileUpdateSchema, SignupSchema } from '@studynest/contracts/account-details';
import { DocumentReviewSchema } from '@studynest/contracts/documents';
import { SavedCreateSchema, SavedUpdateSchema } from '@studynest/contracts/saved';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { realPdf, uploadDocument } from '../src/modules/documents/documents.fixtures.ts';
import { hostelRentedBy, tenantReview } from '../src/modules/hostel-reviews/hostel-reviews.fixtures.ts';
import { multipart, pdf, png, smallJpeg } from '../src/modules/hostels/hostels.fixtures.ts';
import {
  bookOk,
  initiateAgentFeeOk,
  lagosDatePlusDays,
  payAtCheckout,
  SLOT,
} from '../src/modules/payments/payments.fixtures.ts';
import { downloadToken } from '../src/modules/users/data-exports.service.ts';
import { dataExports } from '../src/modules/users/users.schema.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { insertUser, type SignedIn, signedInUser, TEST_PASSWORD } from './factories.ts';
import { anonymous, sendJsonText } from './requests.ts';
import {
  databaseFingerprint,
  ensureTenancy,
  freshRoom,
  maintenanceReport,
  openApiOperations,
  signupFields,
} from './security-fixtures.ts';

/**
 * Bad input (docs/domain.md, "API conventions"): whatever arrives, the answer is a 4xx with a message a person can read,
 * never a 5xx, and a rejected write leaves every table exactly as it was.
 */

type World = {
  t: TestApp;
  admin: SignedIn;
  student: SignedIn;
  hostelId: string;
  roomId: string;
  bookingId: string;
  reviewId: string;
  reference: string;
  maintenanceId: string;
  /** A running tenancy of a tenant of its own, for the move-out. */
  tenancyId: string;
  /** A hostel the student rents in and has not reviewed, and her review of another. */
  reviewedHostelId: string;
  hostelReviewId: string;
  /** A search the student saved. */
  savedId: string;
  /** A document the student uploaded, waiting for review. */
  documentId: string;
  /** The tenancy agreement for the rent of a room the student booked, and its PDF's hash. */
  agreement: { id: string; sha256: string };
  /** A ready data export of the student's, whose link only its own token opens. */
  exportId: string;
  /** A transfer held as the student's credit, and the key of the agent fee it covers. */
  credit: { id: string; dueKey: string };
};

type BodyOp = {
  /** Path with real ids filled in. */
  url: (w: World) => string;
  /** A valid body: mutations start from it, so most cases are wrong in one or a few places only. */
  valid: (w: World) => Record<string, unknown>;
  /** The contract: a 2xx is acceptable only if the body passes it. */
  schema: z.ZodMiniType;
  /** Also accepts multipart/form-data (text fields; hostels also take photo files). */
  form?: 'text' | 'photos';
};

const callback = (w: World) => `${w.t.config.publicUrl}/receipt-page`;
const roomFields = (w: World) => ({
  room_number: 'room 05',
  unit: 'single room (share facilities)',
  price: 400_000,
  agent_fee: 40_000,
  caution_fee: 20_000,
  commission_fee: 10_000,
  hostel: w.hostelId,
  status: 'available',
});

/** Every operation that takes a body (OpenAPI requestBody, plus the form routes the document describes in prose). */
const BODY_OPS: Record<string, BodyOp> = {
  'POST /api/hostels': {
    url: () => '/api/hostels',
    valid: () => ({ hostel_name: 'Fuzz Lodge', address: '1 Fuzz Road', hostel_details: 'ok' }),
    schema: HostelFieldsSchema,
    form: 'photos',
  },
  'PATCH /api/hostels/{id}': {
    url: (w) => `/api/hostels/${w.hostelId}`,
    valid: () => ({ hostel_details: 'Renovated' }),
    schema: HostelUpdateFieldsSchema,
    form: 'photos',
  },
  'PUT /api/hostels/{id}': {
    url: (w) => `/api/hostels/${w.hostelId}`,
    valid: () => ({ hostel_name: 'Fuzz Lodge', address: '1 Fuzz Road' }),
    schema: HostelReplaceFieldsSchema,
    form: 'photos',
  },
  'POST /api/rooms': { url: () => '/api/rooms', valid: roomFields, schema: RoomCreateSchema },
  'PATCH /api/rooms/{id}': {
    url: (w) => `/api/rooms/${w.roomId}`,
    valid: () => ({ price: 410_000 }),
    schema: RoomPatchSchema,
  },
  'PUT /api/rooms/{id}': {
    url: (w) => `/api/rooms/${w.roomId}`,
    valid: roomFields,
    schema: RoomReplaceSchema,
  },
  'PATCH /api/rooms/{id}/status': {
    url: (w) => `/api/rooms/${w.roomId}/status`,
    valid: () => ({ status: 'available' }),
    schema: RoomStatusInputSchema,
  },
  'POST /api/auth/signup': {
    url: () => '/api/auth/signup',
    valid: () => signupFields(),
    schema: SignupSchema,
    form: 'text',
  },
  'POST /api/auth/admin/signup': {
    url: () => '/api/auth/admin/signup',
    valid: () => signupFields(),
    schema: SignupSchema,
    form: 'text',
  },
  // No live code exists for these addresses, so even a well-formed guess changes nothing.
  'POST /api/auth/verify-email-otp': {
    url: () => '/api/auth/verify-email-otp',
    valid: (w) => ({ email: w.student.user.email, otp: '1234', signup_ticket: '1893456000.not-a-real-mac' }),
    schema: VerifyEmailSchema,
  },
  'POST /api/auth/resend-otp': {
    url: () => '/api/auth/resend-otp',
    valid: () => ({ email: 'nobody@example.com' }),
    schema: ResendOtpSchema,
  },
  'POST /api/auth/login': {
    url: () => '/api/auth/login',
    valid: (w) => ({ email: w.student.user.email, password: 'not-the-password' }),
    schema: LoginSchema,
  },
  'POST /api/auth/forgot-password': {
    url: () => '/api/auth/forgot-password',
    valid: () => ({ email: 'nobody@example.com' }),
    schema: ForgotPasswordSchema,
  },
  'POST /api/auth/reset-password': {
    url: () => '/api/auth/reset-password',
    valid: (w) => ({ email: w.student.user.email, otp: '0000', password: 'another-long-passphrase' }),
    schema: ResetPasswordSchema,
  },
  'POST /api/auth/change-password': {
    url: () => '/api/auth/change-password',
    valid: () => ({ current_password: TEST_PASSWORD, new_password: 'a-fuzzed-new-passphrase' }),
    schema: ChangePasswordSchema,
  },
  'POST /api/auth/confirm-password': {
    url: () => '/api/auth/confirm-password',
    valid: () => ({ password: TEST_PASSWORD }),
    schema: ConfirmPasswordSchema,
  },
  // A wrong password: a body the fuzz leaves valid must not delete the shared student.
  'POST /api/auth/delete-account': {
    url: () => '/api/auth/delete-account',
    valid: () => ({ password: 'not-the-students-password' }),
    schema: DeleteAccountSchema,
  },
  'POST /api/auth/mfa/enable': {
    url: () => '/api/auth/mfa/enable',
    valid: () => ({ code: '123456' }),
    schema: MfaEnableSchema,
  },
  'POST /api/auth/mfa/disable': {
    url: () => '/api/auth/mfa/disable',
    valid: () => ({ password: TEST_PASSWORD, code: '123456' }),
    schema: MfaDisableSchema,
  },
  'PATCH /api/user/profile': {
    url: () => '/api/user/profile',
    valid: () => ({
      first_name: 'Ada',
      phone_number: '08031234567',
      emergency_contact: { name: 'Mum' },
      notify_sms: false,
    }),
    schema: ProfileUpdateSchema,
  },
  'PUT /api/user/profile': {
    url: () => '/api/user/profile',
    valid: () => ({
      last_name: 'Obi',
      emergency_contact: { phone: '08039876543', address: '2 Road' },
      notify_email: true,
    }),
    schema: ProfileUpdateSchema,
  },
  'PUT /api/admin/settings': {
    url: () => '/api/admin/settings',
    valid: () => ({ reminder_days_before: [30, 7], overdue_days_after: [3], reminder_sms: false }),
    schema: AdminSettingsSchema,
  },
  'POST /api/admin/messages': {
    url: () => '/api/admin/messages',
    valid: (w) => ({
      channel: 'email',
      audience: { type: 'users', user_ids: [w.student.user.id] },
      subject: 'Hello',
      body: 'Hello {first_name}',
    }),
    schema: AdminMessageCreateSchema,
  },
  'POST /api/admin/messages/preview': {
    url: () => '/api/admin/messages/preview',
    valid: (w) => ({
      channel: 'sms',
      audience: { type: 'users', user_ids: [w.student.user.id] },
      body: 'Hi',
    }),
    schema: AdminMessageCreateSchema,
  },
  'POST /api/admin/refunds': {
    url: () => '/api/admin/refunds',
    valid: (w) => ({ reference: w.reference, amount: 1_000, reason: 'Room taken' }),
    schema: RefundCreateSchema,
  },
  'POST /api/admin/refunds/close': {
    url: () => '/api/admin/refunds/close',
    valid: (w) => ({ reference: w.reference, reason: 'The rest covers the inspection' }),
    schema: RefundCloseSchema,
  },
  'POST /api/admin/reconciliation': {
    url: () => '/api/admin/reconciliation',
    valid: () => ({ date: lagosDatePlusDays(-1) }),
    schema: ReconcileDaySchema,
  },
  'POST /api/tenancy/notice': {
    url: () => '/api/tenancy/notice',
    valid: () => ({ move_out_on: lagosDatePlusDays(60) }),
    schema: TenancyNoticeSchema,
  },
  'POST /api/admin/tenancies/{id}/move-out': {
    url: (w) => `/api/admin/tenancies/${w.tenancyId}/move-out`,
    valid: () => ({
      date: lagosDatePlusDays(0),
      reason: 'breach',
      note: 'Left early',
      deductions: [{ description: 'Cleaning', amount: 1_000 }],
    }),
    schema: MoveOutSchema,
  },
  'POST /api/admin/documents/{id}/review': {
    url: (w) => `/api/admin/documents/${w.documentId}/review`,
    valid: () => ({ decision: 'reject', reason: 'The photo is blurred' }),
    schema: DocumentReviewSchema,
  },
  'POST /api/tenancies/{id}/condition': {
    url: (w) => `/api/tenancies/${w.tenancyId}/condition`,
    valid: () => ({
      items: [
        { name: 'Wardrobe', state: 'damaged', note: 'Left door hinge loose' },
        { name: 'Fan', state: 'good' },
      ],
    }),
    schema: ConditionRecordSchema,
  },
  'PATCH /api/admin/maintenance/{id}': {
    url: (w) => `/api/admin/maintenance/${w.maintenanceId}`,
    valid: () => ({ status: 'in_progress', note: 'A plumber is on the way' }),
    schema: MaintenanceUpdateSchema,
  },
  'POST /api/bookings': {
    url: () => '/api/bookings',
    valid: (w) => ({
      hostel_id: w.hostelId,
      room_id: w.roomId,
      inspection_date_time: `${lagosDatePlusDays(2)}_${SLOT}`,
    }),
    schema: BookingCreateSchema,
  },
  'POST /api/payments/agent-fee/initiate': {
    url: () => '/api/payments/agent-fee/initiate',
    valid: (w) => ({
      amount: 65_000,
      room_id: w.roomId,
      hostel_id: w.hostelId,
      booking_id: w.bookingId,
      callback_url: callback(w),
    }),
    schema: PaymentInitiateSchema,
  },
  'POST /api/payments/room-price/initiate': {
    url: () => '/api/payments/room-price/initiate',
    valid: (w) => ({ amount: 650_000, room_id: w.roomId, hostel_id: w.hostelId, callback_url: callback(w) }),
    schema: PaymentInitiateSchema,
  },
  'POST /api/payments/caution-fee/initiate': {
    url: () => '/api/payments/caution-fee/initiate',
    valid: (w) => ({ amount: 50_000, booking_id: w.bookingId, callback_url: callback(w) }),
    schema: PaymentInitiateSchema,
  },
  'POST /api/payments/verify': {
    url: () => '/api/payments/verify',
    valid: (w) => ({ reference: w.reference }),
    schema: PaymentVerifyBodySchema,
  },
  'POST /api/reviews': {
    url: () => '/api/reviews',
    valid: () => ({ full_name: 'Ife', feedback: 'Good', rating: 4 }),
    schema: ReviewCreateSchema,
  },
  'PATCH /api/reviews/{id}': {
    url: (w) => `/api/reviews/${w.reviewId}`,
    valid: () => ({ status: 'approved' }),
    schema: ReviewStatusUpdateSchema,
  },
  'PUT /api/reviews/{id}': {
    url: (w) => `/api/reviews/${w.reviewId}`,
    valid: () => ({ status: 'hidden' }),
    schema: ReviewStatusUpdateSchema,
  },
  'POST /api/hostels/{id}/reviews': {
    url: (w) => `/api/hostels/${w.reviewedHostelId}/reviews`,
    valid: () => ({ rating: 4, text: 'Quiet at night and the water runs.' }),
    schema: HostelReviewWriteSchema,
  },
  'PATCH /api/hostel-reviews/{id}': {
    url: (w) => `/api/hostel-reviews/${w.hostelReviewId}`,
    valid: () => ({ rating: 3, text: 'The generator is off most evenings.' }),
    schema: HostelReviewWriteSchema,
  },
  'PUT /api/hostel-reviews/{id}': {
    url: (w) => `/api/hostel-reviews/${w.hostelReviewId}`,
    valid: () => ({ rating: '5', text: 'Fixed: power all evening now.' }),
    schema: HostelReviewWriteSchema,
  },
  'POST /api/hostel-reviews/{id}/hide': {
    url: (w) => `/api/hostel-reviews/${w.hostelReviewId}/hide`,
    valid: () => ({ reason: 'It names another tenant' }),
    schema: HostelReviewHideSchema,
  },
  'POST /api/agreements/{id}/accept': {
    url: (w) => `/api/agreements/${w.agreement.id}/accept`,
    valid: (w) => ({
      full_name: `${w.student.user.firstName} ${w.student.user.lastName}`,
      agree: true,
      document_sha256: w.agreement.sha256,
    }),
    schema: AgreementAcceptSchema,
  },
  'POST /api/subscribers': {
    url: () => '/api/subscribers',
    valid: () => ({ email: 'reader@example.com' }),
    schema: SubscriberCreateSchema,
  },
  'POST /api/saved': {
    url: () => '/api/saved',
    valid: () => ({ search: 'university=UNILAG&max_price=250000', channel: 'email' }),
    schema: SavedCreateSchema,
  },
  'PATCH /api/saved/{id}': {
    url: (w) => `/api/saved/${w.savedId}`,
    valid: () => ({ channel: 'sms' }),
    schema: SavedUpdateSchema,
  },
  'POST /api/sandbox/transfers': {
    url: () => '/api/sandbox/transfers',
    valid: () => ({ amount: 1_000 }),
    schema: SandboxTransferSchema,
  },
  'POST /api/admin/credits/{id}/allocate': {
    url: (w) => `/api/admin/credits/${w.credit.id}/allocate`,
    valid: (w) => ({ due_key: w.credit.dueKey }),
    schema: CreditAllocateSchema,
  },
  'POST /api/admin/credits/{id}/refund': {
    url: (w) => `/api/admin/credits/${w.credit.id}/refund`,
    valid: () => ({ reason: 'Sent by mistake' }),
    schema: CreditRefundSchema,
  },
};

/** Routes that read a raw body of their own (not JSON-validated): fuzzed with arbitrary bytes. */
const RAW_BODY_OPS = ['POST /api/payments/webhook/paystack', 'POST /api/agreements/verify'];

// ---------- generators ----------

const HUGE = 'x'.repeat(100 * 1024);
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    '   ',
    HUGE,
    '😀🏠💸'.repeat(50),
    '\u202Eevil\u202C مرحبا بالعالم',
    'a\u0000b',
    '\u0000',
    '\uD800', // a lone surrogate
    "1' OR '1'='1",
    "'; drop table users; --",
    '" or ""="',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '%00',
    `\${7*7}{{7*7}}`, // template injection probe
    'NaN',
    'Infinity',
    '1e309',
    '-1',
    '0.5',
    '１２３', // full-width digits
    'room 21',
    'ADMIN',
    'admin',
    'not-an-email',
    'a@b',
    '2020-02-30_10:00am - 10:30am',
    '00000000-0000-0000-0000-000000000000',
    'javascript:alert(1)',
    'http://evil.example/steal',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(
    -1,
    -650_000,
    0.5,
    649_999.99,
    -0.0001,
    1e21,
    Number.MAX_SAFE_INTEGER,
    2 ** 31,
    -(2 ** 31) - 1,
  ),
  fc.integer({ min: -1_000_000_000_000, max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.array(fc.oneof(nastyString, fc.integer()), { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer()), {
      maxKeys: 3,
    }),
  },
);

type Mutation =
  | { kind: 'wrong'; field: string; value: unknown }
  | { kind: 'missing'; field: string }
  | { kind: 'extra'; field: string; value: unknown };

const mutationArb = (fields: string[]): fc.Arbitrary<Mutation> =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('wrong' as const),
        field: fc.constantFrom(...fields),
        value: nastyValue,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('missing' as const), field: fc.constantFrom(...fields) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        field: fc.oneof(
          fc.constantFrom(
            '__proto__',
            'constructor',
            'role',
            'isEmailConfirmed',
            '_id',
            'id',
            'user_id',
            'status',
            'amount',
            'password_hash',
          ),
          fc.string({ maxLength: 12 }),
        ),
        value: nastyValue,
      }),
    },
  );

type BodyCase =
  | { shape: 'mutated'; mutations: Mutation[]; asForm: boolean; file?: Uint8Array }
  | { shape: 'whole'; value: unknown };

const bodyCaseArb = (fields: string[], form: BodyOp['form']): fc.Arbitrary<BodyCase> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        shape: fc.constant('mutated' as const),
        mutations: fc.array(mutationArb(fields), { minLength: 1, maxLength: 4 }),
        asForm: form ? fc.boolean() : fc.constant(false),
        file:
          form === 'photos'
            ? fc.option(fc.uint8Array({ minLength: 0, maxLength: 2048 }), { nil: undefined })
            : fc.constant(undefined),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        shape: fc.constant('whole' as const),
        value: fc.oneof(nastyValue, fc.constant([]), fc.constant(null), fc.constant({})),
      }),
    },
  );

/** Own properties only, even for '__proto__', so the key reaches the server as sent. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function applyMutations(valid: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(valid)) setOwn(body, k, v);
  for (const m of mutations) {
    if (m.kind === 'missing') delete body[m.field];
    else setOwn(body, m.field, m.value);
  }
  return body;
}

/**
 * The form routes read JSON like a form: a null body is an empty form and a null field is a field
 * not sent (hostel-form.ts, form-body.ts). Judge an accepted body the way they read it.
 */
function asFormValue(sent: unknown): unknown {
  if (sent === null || sent === undefined) return {};
  if (typeof sent !== 'object' || Array.isArray(sent)) return sent;
  return Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== null));
}

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

async function send(
  w: World,
  method: string,
  url: string,
  who: SignedIn,
  c: BodyCase,
  valid: Record<string, unknown>,
): Promise<{ res: LightMyRequestResponse; sent: unknown }> {
  if (c.shape === 'whole') {
    const res = await sendJsonText(w.t, who, method as 'POST', url, JSON.stringify(c.value) ?? 'null');
    return { res, sent: c.value };
  }
  const body = applyMutations(valid, c.mutations);
  if (!c.asForm) {
    const res = await sendJsonText(w.t, who, method as 'POST', url, JSON.stringify(body));
    return { res, sent: body };
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) fields[k] = asText(v);
  const form = await multipart(
    fields,
    c.file ? [{ data: Buffer.from(c.file), filename: 'upload.jpg', type: 'image/jpeg' }] : [],
  );
  const res = await w.t.app.inject({
    method: method as 'POST',
    url,
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  return { res, sent: fields };
}

function expectClientError(res: LightMyRequestResponse, context: string) {
  expect(res.statusCode, `${context} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(
    400,
  );
  expect(res.statusCode, `${context} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  const body = res.json() as { message?: unknown };
  expect(typeof body.message, `${context}: ${res.body.slice(0, 200)}`).toBe('string');
  expect((body.message as string).trim().length, context).toBeGreaterThan(0);
}

/** Photo files under the data dir: a rejected upload must not leave any behind. */
/** Files kept from uploads: photos (public) and students' documents (private). */
function storedFiles(w: World): number {
  let n = 0;
  for (const dir of [
    path.join(w.t.config.dataDir, 'uploads'),
    path.join(w.t.config.dataDir, 'private', 'documents'),
  ]) {
    try {
      n += readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    } catch {
      // Not made yet: nothing stored there.
    }
  }
  return n;
}

const RUNS = 30;
const PATH_RUNS = 25;

/** A room the student books and pays the agent fee of, and the tenancy agreement for its rent. */
async function bookedRoomAgreement(t: TestApp, student: SignedIn) {
  const room = await freshRoom(t.db, { roomNumber: 'room 09' });
  const bookingId = (await bookOk(t, student, room, lagosDatePlusDays(3)))._id;
  await payAtCheckout(t, (await initiateAgentFeeOk(t, student, room, bookingId)).checkoutLink);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/agreements/rent?room_id=${room.id}`,
    headers: student.headers,
  });
  if (res.statusCode !== 200) throw new Error(`set-up agreement failed: ${res.statusCode} ${res.body}`);
  const agreement = res.json() as { _id: string; document_sha256: string };
  return { id: agreement._id, sha256: agreement.document_sha256 };
}

describe('bad input', () => {
  let w: World;
  let bodyOpsInDoc: string[];
  let pathOps: string[];
  /** The database as of the last accepted request. */
  let fingerprint: Record<string, string>;
  let files: number;

  /**
   * The database once work started by earlier requests has finished: messages go out through the
   * queue and code e-mails are looked up after the answer, so an accepted request keeps changing
   * rows for a moment. Waits until nothing is queued or being sent and two looks agree.
   */
  async function settledFingerprint() {
    let last = await databaseFingerprint(w.t.db);
    for (let i = 0; i < 500; i++) {
      await new Promise((r) => setTimeout(r, 5));
      const busy = (await w.t.db.execute(
        sql`select 1 from message_deliveries where status in ('queued', 'sending') limit 1`,
      )) as { rows: unknown[] };
      const now = await databaseFingerprint(w.t.db);
      if (!busy.rows.length && JSON.stringify(now) === JSON.stringify(last)) return now;
      last = now;
    }
    return last;
  }

  /** After each case: a rejected one changed nothing; an accepted one moves the baseline. */
  async function checkDatabase(accepted: boolean, context: string) {
    // Only an accepted request starts work that outlives its answer.
    const now = accepted ? await settledFingerprint() : await databaseFingerprint(w.t.db);
    const nowFiles = storedFiles(w);
    const [before, filesBefore] = [fingerprint, files];
    // Move the baseline first: fast-check re-runs cases while shrinking, each against the state left before it.
    fingerprint = now;
    files = nowFiles;
    if (!accepted) {
      expect(now, `${context}: a rejected request changed the database`).toEqual(before);
      expect(nowFiles, `${context}: a rejected request left photo files`).toBe(filesBefore);
    }
  }

  beforeAll(async () => {
    const t = await buildTestApp({ rateLimits: false });
    const admin = await signedInUser(t, { role: 'admin' });
    const student = await signedInUser(t);
    const room = await freshRoom(t.db, { roomNumber: 'room 01', price: 650_000, agentFee: 65_000 });
    const bookingId = (await bookOk(t, student, room, lagosDatePlusDays(2)))._id;
    const paid = await initiateAgentFeeOk(t, student, room, bookingId);
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { full_name: 'Ada', feedback: 'Fine', rating: 5 },
    });
    w = {
      t,
      admin,
      student,
      agreement: { id: '', sha256: '' },
      hostelId: room.hostelId,
      roomId: room.id,
      bookingId,
      reviewId: (review.json() as { review: { _id: string } }).review._id,
      reference: paid.reference,
      maintenanceId: await maintenanceReport(t, student),
      tenancyId: await ensureTenancy(
        t,
        (await insertUser(t.db, { email: 'bad-input-tenant@example.com' })).id,
      ),
      reviewedHostelId: await hostelRentedBy(t, student.user.id),
      hostelReviewId: await tenantReview(t, student),
      savedId: (
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/saved',
            headers: student.headers,
            payload: { search: 'unit=one bedroom flat' },
          })
        ).json() as { _id: string }
      )._id,
      documentId: (
        (
          await uploadDocument(t, student, 'passport', { data: await realPdf(1), filename: 'passport.pdf' })
        ).json() as {
          _id: string;
        }
      )._id,
      exportId: '',
      credit: { id: '', dueKey: `agent_fee:${bookingId}` },
    };
    w.agreement = await bookedRoomAgreement(t, student);
    const storageKey = 'data-exports/bad-input.zip';
    await t.app.deps.privateStorage.put(storageKey, Buffer.from('PK\u0005\u0006'), 'application/zip');
    const [ready] = await t.db
      .insert(dataExports)
      .values({
        userId: student.user.id,
        status: 'ready',
        storageKey,
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    w.exportId = ready!.id;
    // Her account number, and a transfer of ₦1 more than her booking's agent fee: held as her credit.
    await t.app.inject({ method: 'POST', url: '/api/me/dedicated-account', headers: student.headers });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/transfers',
      headers: student.headers,
      payload: { amount: 65_001 },
    });
    if (sent.statusCode !== 201) throw new Error(`set-up transfer failed: ${sent.statusCode} ${sent.body}`);
    const [credit] = (
      await t.app.inject({ method: 'GET', url: '/api/me/credits', headers: student.headers })
    ).json() as { _id: string }[];
    w.credit.id = credit!._id;
    const ops = await openApiOperations(t);
    bodyOpsInDoc = ops.filter((o) => o.hasBody).map((o) => o.key);
    pathOps = ops.filter((o) => o.path.includes('{')).map((o) => o.key);
    fingerprint = await settledFingerprint();
    files = storedFiles(w);
  });
  afterAll(async () => {
    await w?.t.close();
  });

  it('fuzzes every operation that takes a body', async () => {
    const missing = bodyOpsInDoc.filter((k) => !BODY_OPS[k]);
    expect(missing, 'operations with a requestBody but no bad-input generator').toEqual([]);
    const documented = (await openApiOperations(w.t)).map((o) => o.key);
    for (const k of [...Object.keys(BODY_OPS), ...RAW_BODY_OPS]) expect(documented, k).toContain(k);
  });

  for (const role of ['admin', 'student'] as const) {
    describe(`as the ${role}`, () => {
      it.each(Object.keys(BODY_OPS))('%s', async (key) => {
        const op = BODY_OPS[key]!;
        const method = key.split(' ')[0]!;
        const fields = Object.keys(op.valid(w));
        await fc.assert(
          fc.asyncProperty(bodyCaseArb(fields, op.form), async (c) => {
            const who = w[role];
            const valid = op.valid(w);
            const { res, sent } = await send(w, method, op.url(w), who, c, valid);
            const context = `${role} ${key} ${JSON.stringify(sent)?.slice(0, 300)}`;
            const accepted = res.statusCode >= 200 && res.statusCode < 300;
            await checkDatabase(accepted, `${context} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            if (!accepted) return expectClientError(res, context);
            // Only a body the contract accepts may succeed, and never with random bytes as a photo.
            const parsed = op.schema.safeParse(op.form ? asFormValue(sent) : sent);
            expect(
              parsed.success,
              `${context} was accepted (${res.statusCode}) but breaks the contract`,
            ).toBe(true);
            expect(
              c.shape === 'mutated' && c.asForm && c.file,
              `${context}: random bytes were accepted as a photo`,
            ).toBeFalsy();
          }),
          { numRuns: RUNS },
        );
      });
    });
  }

  it.each(RAW_BODY_OPS)('%s takes arbitrary bytes without a 5xx', async (key) => {
    const [method, url] = key.split(' ') as [string, string];
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.constantFrom('application/json', 'text/plain', 'application/octet-stream'),
        fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
        async (bytes, type, signature) => {
          const res = await w.t.app.inject({
            method: method as 'POST',
            url,
            headers: { 'content-type': type, ...(signature ? { 'x-paystack-signature': signature } : {}) },
            payload: Buffer.from(bytes),
          });
          expectClientError(res, `${key} ${bytes.length} bytes`);
          await checkDatabase(false, key);
        },
      ),
      { numRuns: RUNS },
    );
  });

  const badIds = fc.oneof(
    fc.constantFrom(
      '1',
      'abc',
      "1' OR '1'='1",
      '../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      '\u0000',
      '😀',
      'ا'.repeat(40),
      '<script>alert(1)</script>',
      'a'.repeat(5000),
      '-1',
      '1.5',
      'null',
      'undefined',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
      '00000000-0000-0000-0000-00000000000G',
      '{id}',
      ' ',
    ),
    fc.string({ minLength: 1, maxLength: 60 }),
    fc.uuid(),
  );

  for (const role of ['admin', 'student'] as const) {
    it(`answers malformed ids in every path with a 4xx (as the ${role})`, async () => {
      const hidden = [
        'GET /sandbox/checkout/{ref}',
        'POST /sandbox/checkout/{ref}/pay',
        'POST /sandbox/checkout/{ref}/cancel',
      ];
      const keys = [...pathOps, ...hidden, 'GET /api/payments/verify?reference={ref}'];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...keys), badIds, async (key, id) => {
          const [method, pattern] = key.split(' ') as [string, string];
          const url = pattern.replace(/\{\w+\}/g, encodeURIComponent(id));
          const op = BODY_OPS[key];
          const body = op?.valid(w);
          const res = await w.t.app.inject({
            method: method as 'GET',
            url,
            headers: {
              ...w[role].headers,
              ...(body ? { 'content-type': 'application/json' } : {}),
              ...(method === 'POST' && pattern.startsWith('/sandbox')
                ? { 'content-type': 'application/x-www-form-urlencoded' }
                : {}),
            },
            ...(body ? { payload: JSON.stringify(body) } : {}),
          });
          const context = `${role} ${method} ${url.slice(0, 200)}`;
          expectClientError(res, context);
          await checkDatabase(false, context);
        }),
        { numRuns: PATH_RUNS * 4 },
      );
    });
  }

  describe('fixed cases', () => {
    it('an amount typed wrongly is a 400 saying how to write it; separators as people type them are read', async () => {
      const refund = (amount: unknown) =>
        w.t.app.inject({
          method: 'POST',
          url: '/api/admin/refunds',
          headers: w.admin.headers,
          payload: { reference: w.reference, amount, reason: 'Room taken' },
        });
      const cases: [unknown, string][] = [
        ['1,00', 'Amount must be whole naira with thousands in groups of three, like 100,000'],
        ['1000.50', 'Amount must be whole naira, without kobo'],
        ['-₦1,000', 'Amount cannot be negative'],
        ['one thousand', 'Amount must be a number of naira, like 100,000'],
      ];
      for (const [amount, message] of cases) {
        const res = await refund(amount);
        expect(res.statusCode, String(amount)).toBe(400);
        expect(res.json().fields, String(amount)).toEqual({ amount: message });
      }
      // Read as ₦1,000: past the contract, the payment (not yet paid) is what refuses it.
      const typed = await refund('₦1,000');
      expect(typed.statusCode, typed.body).toBe(409);
      await checkDatabase(false, 'amounts typed wrongly');
    });

    it("refuses any token on a data export's link but the one signed for it with a 4xx that says what to do, and changes nothing", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string({ maxLength: 200 }),
            fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
            fc.constantFrom(
              '',
              '%00',
              '<script>',
              'a'.repeat(5000),
              downloadToken(w.t.app.deps, { id: w.exportId, userId: w.admin.user.id }),
            ),
          ),
          async (token) => {
            const res = await w.t.app.inject({
              method: 'GET',
              url: `/api/user/data-exports/${w.exportId}/download?token=${encodeURIComponent(token)}`,
            });
            expectClientError(res, `token ${token.slice(0, 60)}`);
            expect(res.json().message).toMatch(/link/);
            await checkDatabase(false, 'data export token');
          },
        ),
        { numRuns: RUNS },
      );
    });

    it('refuses a body that is not JSON', async () => {
      for (const payload of ['{"email":', '{email: "a@b.c"}', "{'a':1}", '\u0000', '[1,2', 'undefined']) {
        const res = await sendJsonText(w.t, anonymous, 'POST', '/api/auth/login', payload);
        expect(res.statusCode, payload).toBe(400);
        expect(res.json().message).toBe('The request body is not valid JSON');
      }
      const res = await sendJsonText(w.t, w.admin, 'POST', '/api/rooms', '{"room_number": "room 09", ');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body is not valid JSON');
      await checkDatabase(false, 'invalid JSON');
    });

    it('refuses __proto__ keys (prototype poisoning) with a 400', async () => {
      const res = await sendJsonText(
        w.t,
        w.student,
        'PATCH',
        '/api/user/profile',
        '{"first_name":"Ada","__proto__":{"role":"admin"}}',
      );
      expectClientError(res, '__proto__');
      expect(res.statusCode).toBe(400);
      await checkDatabase(false, '__proto__');
    });

    it('refuses a body over 1 MB with 413', async () => {
      const big = JSON.stringify({ full_name: 'Ada', feedback: 'x'.repeat(1024 * 1024 + 10), rating: 5 });
      for (const [url, who] of [
        ['/api/reviews', anonymous],
        ['/api/rooms', w.admin],
        ['/api/auth/signup', anonymous],
      ] as const) {
        const res = await sendJsonText(w.t, who, 'POST', url, big);
        expect(res.statusCode, url).toBe(413);
        expectClientError(res, url);
      }
      await checkDatabase(false, 'too large');
    });

    it('refuses a content type it does not take with 415', async () => {
      for (const type of ['application/xml', 'application/x-www-form-urlencoded', 'application/yaml']) {
        const res = await w.t.app.inject({
          method: 'POST',
          url: '/api/reviews',
          headers: { 'content-type': type },
          payload: 'full_name=Ada&feedback=Fine&rating=5',
        });
        expect(res.statusCode, type).toBe(415);
        expectClientError(res, type);
      }
      // Fastify reads text/plain as a string (a CORS "simple" type): it never passes an object schema.
      const plain = await w.t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers: { 'content-type': 'text/plain' },
        payload: '{"full_name":"Ada","feedback":"Fine","rating":5}',
      });
      expect(plain.statusCode).toBe(400);
      expectClientError(plain, 'text/plain');
      const rooms = await w.t.app.inject({
        method: 'POST',
        url: '/api/rooms',
        headers: { ...w.admin.headers, 'content-type': 'text/csv' },
        payload: 'room 09,one bedroom flat',
      });
      expect(rooms.statusCode).toBe(415);
      await checkDatabase(false, 'wrong content type');
    });

    it('refuses a hostel photo that is not a JPEG, PNG or HEIC with 415 naming it, and keeps nothing', async () => {
      for (const [method, url] of [
        ['POST', '/api/hostels'],
        ['PATCH', `/api/hostels/${w.hostelId}`],
      ] as const) {
        const form = await multipart({ hostel_name: 'PDF Lodge', address: '4 Road' }, [
          { data: pdf, filename: 'photo.jpg', type: 'image/jpeg' },
        ]);
        const res = await w.t.app.inject({
          method,
          url,
          headers: { ...w.admin.headers, ...form.headers },
          payload: form.payload,
        });
        expect(res.statusCode, url).toBe(415);
        expect(res.json().message, url).toContain('Photo 1 (photo.jpg) is not a JPEG, PNG or HEIC photo');
        expectClientError(res, url);
        await checkDatabase(false, `${method} ${url} with a PDF`);
      }
      // Text fields only on sign-up: any file is refused.
      const form = await multipart(signupFields(), [{ data: await png(), field: 'avatar' }]);
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: form.headers,
        payload: form.payload,
      });
      expectClientError(res, 'signup with a file');
      await checkDatabase(false, 'signup with a file');
    });

    it('refuses a new password with a control character (NUL, tab, line break, DEL) with 400 at sign-up', async () => {
      for (const password of [
        'lagoon\u0000harmattan-9',
        'lagoon\tharmattan-9',
        'lagoon-harmattan\n9',
        'lagoon\u007fharmattan',
      ]) {
        const fields = { ...signupFields(), password };
        const json = await w.t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: fields });
        const context = `signup with ${JSON.stringify(password)}`;
        expect(json.statusCode, `${context}: ${json.body}`).toBe(400);
        expectClientError(json, context);
        expect(json.json().fields?.password).toMatch(/control characters/);
        await checkDatabase(false, context);
        // The same as a form, as the spec's sign-up page posts it.
        const form = await multipart({ ...signupFields(), password });
        const posted = await w.t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          headers: form.headers,
          payload: form.payload,
        });
        expect(posted.statusCode, `${context} as a form: ${posted.body}`).toBe(400);
        await checkDatabase(false, `${context} as a form`);
      }
    });

    it('refuses a document that is not a PDF or image, too large or too long, naming it, and keeps nothing', async () => {
      const cases: Array<[Buffer, string, number]> = [
        [Buffer.from('MZ this is a program'), 'setup.pdf', 415],
        [Buffer.from('plain words'), 'id.jpg', 415],
        [Buffer.alloc(5 * 1024 * 1024 + 1, 37), 'big.pdf', 413],
        [await realPdf(11), 'long.pdf', 413],
      ];
      for (const [data, filename, status] of cases) {
        const res = await uploadDocument(w.t, w.student, 'student_id', { data, filename });
        expect(res.statusCode, `${filename}: ${res.body}`).toBe(status);
        expectClientError(res, filename);
        expect(res.json().message).toContain(filename);
        await checkDatabase(false, `document ${filename}`);
      }
    });

    it('answers a malformed multipart form with 400 on every multipart route, and keeps nothing', async () => {
      const routes = [
        ['POST', '/api/hostels', w.admin.headers],
        ['PATCH', `/api/hostels/${w.hostelId}`, w.admin.headers],
        ['PUT', `/api/hostels/${w.hostelId}`, w.admin.headers],
        ['POST', '/api/auth/signup', {}],
        ['POST', '/api/auth/admin/signup', w.admin.headers],
        ['POST', '/api/documents', w.student.headers],
      ] as const;
      const part = (name: string, value: string) =>
        `--XYZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      // A whole, valid form with a photo, then the same bytes without the closing boundary:
      // the photo part arrives complete and is stored before the parser finds the form cut short.
      const full = await multipart({ ...signupFields(), hostel_name: 'Cut Lodge', address: '5 Road' }, [
        { data: await smallJpeg() },
      ]);
      const boundary = /boundary=(.+)$/.exec(full.headers['content-type'] as string)?.[1] as string;
      const cut = full.payload.subarray(0, full.payload.lastIndexOf(Buffer.from(`--${boundary}--`)));
      const cases: Array<[string, string, Buffer | string]> = [
        ['no boundary', 'multipart/form-data', part('hostel_name', 'No Boundary Lodge')],
        ['an empty boundary', 'multipart/form-data; boundary=', part('hostel_name', 'Empty Lodge')],
        [
          'a boundary that never ends',
          'multipart/form-data; boundary=XYZ',
          part('hostel_name', 'Open Lodge'),
        ],
        ['bytes that are not a form', 'multipart/form-data; boundary=XYZ', 'complete garbage, no parts'],
        [
          'a file part cut short',
          'multipart/form-data; boundary=XYZ',
          `${part('hostel_name', 'Short Lodge')}--XYZ\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
        ],
        ['a photo, then no closing boundary', full.headers['content-type'] as string, cut],
      ];
      for (const [method, url, headers] of routes) {
        for (const [name, contentType, payload] of cases) {
          const context = `${method} ${url} with ${name}`;
          const res = await w.t.app.inject({
            method,
            url,
            headers: { ...headers, 'content-type': contentType },
            payload,
          });
          expect(res.statusCode, `${context}: ${res.body}`).toBe(400);
          expectClientError(res, context);
          await checkDatabase(false, context);
        }
      }
    });

    it.each([
      ['kind=refund.sent', 'kind'],
      ['from=2026-02-30', 'from'],
      ['to=tomorrow', 'to'],
      ['from=2026-03-10&to=2026-03-01', 'to'],
      ['person=%20', 'person'],
      [`person=${'x'.repeat(101)}`, 'person'],
    ])('refuses the activity-log filter ?%s with a 400 naming %s', async (query, field) => {
      const res = await w.t.app.inject({
        method: 'GET',
        url: `/api/admin/audit?${query}`,
        headers: w.admin.headers,
      });
      expect(res.statusCode, res.body).toBe(400);
      expectClientError(res, query);
      expect(res.json().fields[field]).toEqual(expect.any(String));
    });
  });
});
