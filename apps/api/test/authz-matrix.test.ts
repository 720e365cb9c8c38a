import { EXPORT_KINDS, REPORT_KINDS } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { issueSignupTicket } from '../src/modules/auth/signup-ticket.ts';
import { issueToken } from '../src/modules/auth/tokens.ts';
import { totpAt } from '../src/modules/auth/totp.ts';
import { realPdf, uploadDocument } from '../src/modules/documents/documents.fixtures.ts';
import { hostelRentedBy, tenantReview } from '../src/modules/hostel-reviews/hostel-reviews.fixtures.ts';
import { multipart, smallJpeg } from '../src/modules/hostels/hostels.fixtures.ts';
import { agentFeeBody, lagosDatePlusDays, SLOT } from '../src/modules/payments/payments.fixtures.ts';
import { payments } from '../src/modules/payments/payments.schema.ts';
import { receiptCode } from '../src/modules/receipts/receipts.service.ts';
import { refunds } from '../src/modules/refunds/refunds.schema.ts';
import { roomImages, rooms } from '../src/modules/rooms/rooms.schema.ts';
import { downloadToken } from '../src/modules/users/data-exports.service.ts';
import { dataExports } from '../src/modules/users/users.schema.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import {
  insertHostel,
  insertRoom,
  insertUser,
  type SignedIn,
  signedInUser,
  TEST_PASSWORD,
} from './factories.ts';
import {
  ensureTenancy,
  freshRoom,
  maintenanceReport,
  openApiOperations,
  signupFields,
  unique,
  userWithCode,
} from './security-fixtures.ts';

/**
 * Every endpoint × {anonymous, student, another student, admin} (docs/domain.md, "Accounts"). The table below is the
 * contract. An operation in the OpenAPI document without a row fails the suite (a new endpoint
 * cannot slip in unguarded), and so does a row for an operation that no longer exists.
 */

type Role = 'anon' | 'student' | 'other' | 'admin';
const ROLES: Role[] = ['anon', 'student', 'other', 'admin'];
type Expected = Record<Role, number>;

const publicOk = (status = 200): Expected => ({
  anon: status,
  student: status,
  other: status,
  admin: status,
});
const adminOnly = (status = 200): Expected => ({ anon: 401, student: 403, other: 403, admin: status });
const signedIn = (status = 200): Expected => ({ anon: 401, student: status, other: status, admin: status });
/** The student's own record: the other student is refused, the admin may look. */
const ownerOrAdmin = (status = 200): Expected => ({ anon: 401, student: status, other: 403, admin: status });
/** Only the student who owns it may act (an admin does not pay on a student's behalf). */
const ownerOnly = (status = 201): Expected => ({ anon: 401, student: status, other: 403, admin: 403 });

const EXPECTED: Record<string, Expected> = {
  'GET /api/health': publicOk(),
  'GET /api/ready': publicOk(),
  'GET /api/site': publicOk(),
  'GET /api/dev/outbox': publicOk(), // a development aid, absent in production
  'GET /api/dev/sms-outbox': publicOk(), // likewise

  'GET /api/hostels': publicOk(),
  'GET /api/hostels/{id}': publicOk(),
  'POST /api/hostels': adminOnly(201),
  'PATCH /api/hostels/{id}': adminOnly(),
  'PUT /api/hostels/{id}': adminOnly(),
  'DELETE /api/hostels/{id}': adminOnly(204),
  'POST /api/hostels/{id}/close': adminOnly(),
  'POST /api/hostels/{id}/reopen': adminOnly(),

  'GET /api/rooms': publicOk(),
  'GET /api/rooms/hostel/{hostelId}': publicOk(),
  'GET /api/rooms/room/{id}': publicOk(),
  'POST /api/rooms': adminOnly(201),
  'PATCH /api/rooms/{id}': adminOnly(),
  'PUT /api/rooms/{id}': adminOnly(),
  'PATCH /api/rooms/{id}/status': adminOnly(),
  'DELETE /api/rooms/{id}': adminOnly(204),
  'POST /api/rooms/{id}/photos': adminOnly(),
  'DELETE /api/rooms/{id}/photos/{photoId}': adminOnly(),

  'POST /api/auth/signup': publicOk(201),
  'POST /api/auth/admin/signup': adminOnly(201),
  'POST /api/auth/verify-email-otp': publicOk(),
  'POST /api/auth/resend-otp': publicOk(),
  'POST /api/auth/login': publicOk(),
  'POST /api/auth/logout': signedIn(204),
  'POST /api/auth/forgot-password': publicOk(),
  'POST /api/auth/reset-password': publicOk(),
  'POST /api/auth/change-password': signedIn(),
  'POST /api/auth/confirm-password': signedIn(),
  'POST /api/auth/delete-account': signedIn(),
  'GET /api/auth/sessions': signedIn(),
  // Everyone tries to end the student's session: only the student can; for others it does not exist.
  'DELETE /api/auth/sessions/{id}': { anon: 401, student: 204, other: 404, admin: 404 },
  'POST /api/auth/logout-others': signedIn(),
  'GET /api/auth/mfa': adminOnly(),
  'POST /api/auth/mfa/setup': adminOnly(201),
  'POST /api/auth/mfa/enable': adminOnly(),
  'POST /api/auth/mfa/disable': adminOnly(),
  'GET /api/admin/audit': adminOnly(),
  'GET /api/admin/phone-reviews': adminOnly(),
  'GET /api/admin/settings': adminOnly(),
  'PUT /api/admin/settings': adminOnly(),
  'GET /api/admin/arrears': adminOnly(),
  'GET /api/admin/overview': adminOnly(),
  'GET /api/admin/refunds': adminOnly(),
  'POST /api/admin/refunds': adminOnly(202),
  'POST /api/admin/refunds/close': adminOnly(),
  'GET /api/admin/refunds/{id}': adminOnly(),
  'POST /api/admin/refunds/{id}/check': adminOnly(),
  'GET /api/admin/reconciliation': adminOnly(),
  'POST /api/admin/reconciliation': adminOnly(),
  'GET /api/admin/reports/revenue': adminOnly(),
  'GET /api/admin/reports/occupancy': adminOnly(),
  'GET /api/admin/reports/arrears': adminOnly(),
  'GET /api/admin/reports/funnel': adminOnly(),
  'GET /api/admin/reports/refunds': adminOnly(),
  'GET /api/admin/exports/payments.csv': adminOnly(),
  'GET /api/admin/exports/tenants.csv': adminOnly(),
  'GET /api/admin/exports/bookings.csv': adminOnly(),
  'GET /api/admin/exports/arrears.csv': adminOnly(),
  'GET /api/admin/exports/refunds.csv': adminOnly(),
  // Only a tenant may report; the student is one, the others are not.
  'POST /api/maintenance': { anon: 401, student: 201, other: 403, admin: 403 },
  'GET /api/maintenance/mine': signedIn(),
  'GET /api/admin/maintenance': adminOnly(),
  'PATCH /api/admin/maintenance/{id}': adminOnly(),
  // Students send their own documents; an admin has none to send.
  'POST /api/documents': { anon: 401, student: 201, other: 201, admin: 403 },
  'GET /api/documents/mine': signedIn(),
  // The student's document: another student is told it does not exist; an admin's look is logged.
  'GET /api/documents/{id}/file': { anon: 401, student: 200, other: 404, admin: 200 },
  'GET /api/admin/documents': adminOnly(),
  'POST /api/admin/documents/{id}/review': adminOnly(),
  // The caller's own running tenancy: only the student has one here.
  'POST /api/tenancy/notice': { anon: 401, student: 200, other: 404, admin: 404 },
  'DELETE /api/tenancy/notice': { anon: 401, student: 204, other: 404, admin: 404 },
  'POST /api/admin/tenancies/{id}/move-out': adminOnly(),
  // The room's condition: its tenant (the student) or an admin; to anyone else the tenancy does not exist.
  'GET /api/tenancies/{id}/condition': { anon: 401, student: 200, other: 404, admin: 200 },
  'POST /api/tenancies/{id}/condition': { anon: 401, student: 201, other: 404, admin: 201 },
  'POST /api/tenancies/{id}/condition/photos': { anon: 401, student: 201, other: 404, admin: 201 },
  'POST /api/admin/tenancies/{id}/condition/confirm': adminOnly(),
  // Public by design: the signed link, given only to the tenant and admins, is the capability.
  'GET /api/condition-photos/{file}': publicOk(),
  'POST /api/admin/messages': adminOnly(202),
  'POST /api/admin/messages/preview': adminOnly(),
  'GET /api/admin/messages': adminOnly(),
  'GET /api/admin/messages/{id}': adminOnly(),
  'POST /api/admin/messages/{id}/retry': adminOnly(),

  'GET /api/user/all': adminOnly(),
  'POST /api/user/data-exports': signedIn(202),
  'GET /api/user/data-exports': signedIn(),
  // The e-mailed link needs no session: its token is the key. Another person's token on her export is refused.
  'GET /api/user/data-exports/{id}/download': { anon: 200, student: 200, other: 404, admin: 200 },
  'PATCH /api/user/profile': signedIn(),
  'PUT /api/user/profile': signedIn(),
  'GET /api/user/{id}': ownerOrAdmin(),
  'DELETE /api/user/{id}': adminOnly(204),
  'POST /api/user/{id}/two-step/reset': adminOnly(),

  'POST /api/bookings': signedIn(201),
  'GET /api/bookings': adminOnly(),
  'GET /api/bookings/count': adminOnly(),
  // Only the student who made the booking may call it off (an admin does not cancel on their behalf).
  'POST /api/bookings/{id}/cancel': ownerOnly(200),

  'POST /api/payments/agent-fee/initiate': ownerOnly(201),
  'POST /api/payments/room-price/initiate': ownerOnly(201),
  'POST /api/payments/caution-fee/initiate': ownerOnly(201),
  'GET /api/payments/verify': ownerOrAdmin(),
  'POST /api/payments/verify': ownerOrAdmin(),
  'GET /api/payments/mine': signedIn(),
  'GET /api/user/{id}/payments': adminOnly(),
  'GET /api/agreements/rent': ownerOnly(200),
  'POST /api/agreements/{id}/accept': ownerOnly(200),
  'GET /api/agreements/mine': signedIn(),
  'GET /api/user/{id}/agreements': adminOnly(),
  'GET /api/agreements/{id}': ownerOrAdmin(),
  'GET /api/agreements/{id}/document.pdf': ownerOrAdmin(),
  'GET /api/agreements/{id}/signed.pdf': ownerOrAdmin(),
  'GET /api/agreements/verify/{code}': publicOk(),
  'POST /api/agreements/verify': publicOk(),
  'GET /api/payments/tenants': adminOnly(),
  // Signature-checked, not role-checked; this server uses the sandbox provider, which takes no webhooks.
  'POST /api/payments/webhook/paystack': publicOk(404),
  // Public by design: the signed code on a printout is the capability; the payer is masked.
  'GET /api/receipts/verify/{code}': publicOk(),
  'GET /api/payments/{reference}/receipt.pdf': ownerOrAdmin(),

  'POST /api/reviews': publicOk(201),
  'GET /api/reviews': publicOk(),
  'GET /api/reviews/all': adminOnly(),
  'PATCH /api/reviews/{id}': adminOnly(),
  'PUT /api/reviews/{id}': adminOnly(),

  'GET /api/hostels/{id}/reviews': publicOk(),
  // Only a tenant of the hostel may review it: the other student and the admin never rented there.
  'POST /api/hostels/{id}/reviews': ownerOnly(201),
  'GET /api/hostel-reviews/mine': signedIn(),
  'PATCH /api/hostel-reviews/{id}': ownerOnly(200),
  'PUT /api/hostel-reviews/{id}': ownerOnly(200),
  // Each call reports a fresh review by a third person.
  'POST /api/hostel-reviews/{id}/report': signedIn(201),
  'GET /api/hostel-reviews': adminOnly(),
  'POST /api/hostel-reviews/{id}/hide': adminOnly(),
  'POST /api/hostel-reviews/{id}/unhide': adminOnly(),

  'POST /api/subscribers': publicOk(201),

  // Her own account number and credits (docs/domain.md, "Bank transfers"): only a student who has
  // booked may ask for one (the other student and the admin have not), and only she can send to it.
  'GET /api/me/dedicated-account': signedIn(),
  'POST /api/me/dedicated-account': { anon: 401, student: 200, other: 409, admin: 409 },
  'GET /api/me/credits': signedIn(),
  'POST /api/sandbox/transfers': { anon: 401, student: 201, other: 409, admin: 409 },
  'GET /api/admin/credits': adminOnly(),
  'GET /api/admin/credits/{id}/dues': adminOnly(),
  'POST /api/admin/credits/{id}/allocate': adminOnly(),
  'POST /api/admin/credits/{id}/refund': adminOnly(),

  // Her own saved hostels and searches: nobody else's, not even an admin's (they are private).
  'GET /api/saved': signedIn(),
  'POST /api/saved': signedIn(201),
  'PATCH /api/saved/{id}': { anon: 401, student: 200, other: 404, admin: 404 },
  'DELETE /api/saved/{id}': { anon: 401, student: 204, other: 404, admin: 404 },
};

/**
 * Routes hidden from the OpenAPI document (the sandbox checkout is a page, not JSON). They are
 * public by design: the unguessable payment reference is the capability, as on Paystack's page.
 */
const EXPECTED_HIDDEN: Record<string, Expected> = {
  'GET /sandbox/checkout/{reference}': publicOk(),
  'POST /sandbox/checkout/{reference}/pay': publicOk(303),
  'POST /sandbox/checkout/{reference}/cancel': publicOk(303),
  // The page a receipt's QR code opens, and its form: public like the JSON check.
  'GET /verify/{code}': publicOk(),
  'GET /verify': publicOk(),
  // The page a signed agreement's QR code opens: public like the JSON check.
  'GET /verify/agreement/{code}': publicOk(),
};

/** Same operation, a different record: statuses that depend on what is asked for. */
const EXPECTED_VARIANTS: Record<string, { op: string; expected: Expected }> = {
  'closed hostel is visible to admins only': {
    op: 'GET /api/hostels/{id}',
    expected: { anon: 404, student: 404, other: 404, admin: 200 },
  },
  "a student's booking cannot be paid by someone else (room price)": {
    op: 'POST /api/payments/room-price/initiate',
    expected: ownerOnly(201),
  },
  "a student's first rent on her room's plan cannot be started by someone else": {
    op: 'POST /api/payments/room-price/initiate',
    expected: ownerOnly(201),
  },
  "a tenant's next part cannot be paid by someone else": {
    op: 'POST /api/payments/room-price/initiate',
    expected: ownerOnly(201),
  },
  'a condition photo link with a made-up signature opens for nobody': {
    op: 'GET /api/condition-photos/{file}',
    expected: publicOk(403),
  },
};

type Call = {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Replace the role's Authorization header (e.g. a throwaway session for logout). */
  auth?: Record<string, string>;
};
type World = {
  t: TestApp;
  db: Db;
  admin: SignedIn;
  student: SignedIn;
  other: SignedIn;
  hostel: { id: string };
  room: { id: string; hostelId: string };
  bookingId: string;
  reference: string;
  people: Record<Exclude<Role, 'anon'>, SignedIn>;
};

/**
 * A fresh tenant with a running tenancy. For the student's role her own session replaces the
 * student's, so the "student" is the tenant whose tenancy it is.
 */
async function conditionTenant(w: World, role: Role) {
  const tenant = await signedInUser(w.t, { email: `${unique('condition')}@example.com` });
  const tenancyId = await ensureTenancy(w.t, tenant.user.id);
  return { tenancyId, auth: role === 'student' ? tenant.headers : undefined };
}

/** A signed link to a condition photo an admin uploaded for a fresh tenancy (path and query). */
async function conditionPhotoLink(w: World): Promise<string> {
  const { tenancyId } = await conditionTenant(w, 'admin');
  const form = await multipart({}, [{ data: await smallJpeg(4), field: 'photos' }]);
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/tenancies/${tenancyId}/condition/photos`,
    payload: form.payload,
    headers: { ...form.headers, ...w.admin.headers },
  });
  if (res.statusCode !== 201) throw new Error(`photo upload failed: ${res.statusCode} ${res.body}`);
  const src = new URL((res.json() as { src: string }[])[0]!.src);
  return `${src.pathname}${src.search}`;
}

/** An e-mail from an admin to the student. */
const messageTo = (w: World) => ({
  channel: 'email',
  audience: { type: 'users', user_ids: [w.student.user.id] },
  subject: 'Hello',
  body: 'Hello {first_name}',
});

/** A message an admin has sent, for the operations that read or retry one. */
async function sentMessage(w: World): Promise<string> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/admin/messages',
    headers: w.admin.headers,
    payload: messageTo(w),
  });
  if (res.statusCode !== 202) throw new Error(`sending a message failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

const callbackUrl = (w: World) => `${w.t.config.publicUrl}/receipt-page`;

async function bookAs(w: World, who: SignedIn, room: { id: string; hostelId: string }) {
  // One student may hold only a couple of rooms at once; the set-ups below book many, so the
  // earlier holds are let run out first (as 30 minutes would).
  await w.db
    .update(rooms)
    .set({ heldUntil: new Date(Date.now() - 1000) })
    .where(eq(rooms.heldByUserId, who.user.id));
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: who.headers,
    payload: {
      hostel_id: room.hostelId,
      room_id: room.id,
      inspection_date_time: `${lagosDatePlusDays(2)}_${SLOT}`,
    },
  });
  if (res.statusCode !== 201) throw new Error(`set-up booking failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { _id: string })._id;
}

async function agentFeeAs(w: World, who: SignedIn, room: { id: string; hostelId: string; agentFee: number }) {
  const bookingId = await bookAs(w, who, room);
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/payments/agent-fee/initiate',
    headers: who.headers,
    payload: agentFeeBody(w.t, room, bookingId),
  });
  if (res.statusCode !== 201) throw new Error(`set-up agent fee failed: ${res.statusCode} ${res.body}`);
  return { bookingId, reference: (res.json() as { reference: string }).reference };
}

/** Pressing Pay or Cancel on the sandbox checkout of a started payment, as the browser's form does. */
const sandboxButton = (reference: string, button: 'pay' | 'cancel') => ({
  url: `/sandbox/checkout/${reference}/${button}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: '',
});

/** Press Pay on the sandbox checkout of a started payment. */
async function payInSandbox(w: World, reference: string) {
  const paid = await w.t.app.inject({ method: 'POST', ...sandboxButton(reference, 'pay') });
  if (paid.statusCode !== 303) throw new Error(`set-up payment failed: ${paid.statusCode} ${paid.body}`);
}

/** A room whose agent fee the student has paid through the sandbox checkout (room now booked). */
async function roomBookedByStudent(w: World) {
  const room = await freshRoom(w.db);
  const { reference } = await agentFeeAs(w, w.student, room);
  await payInSandbox(w, reference);
  return room;
}

/** A payment of the student's that the sandbox checkout has made a success (it has a receipt number). */
async function paidReference(w: World) {
  const { reference } = await agentFeeAs(w, w.student, await freshRoom(w.db));
  await payInSandbox(w, reference);
  const [row] = await w.db.select().from(payments).where(eq(payments.reference, reference));
  return { reference, receiptNumber: row?.receiptNumber as string };
}

type AgreementJson = {
  _id: string;
  document_sha256: string;
  verify_url: string | null;
  signed_url: string | null;
};

/** The student's name as her account has it now: another row (PUT /api/user/profile) corrects it. */
async function accountName(w: World): Promise<string> {
  const res = await w.t.app.inject({
    method: 'GET',
    url: `/api/user/${w.student.user.id}`,
    headers: w.student.headers,
  });
  const user = res.json() as { first_name: string; last_name: string };
  return `${user.first_name} ${user.last_name}`;
}

/** The tenancy agreement for the rent of a room the student has just booked; accepted when asked. */
async function studentAgreement(w: World, accepted: boolean): Promise<AgreementJson> {
  const room = await roomBookedByStudent(w);
  const opened = await w.t.app.inject({
    method: 'GET',
    url: `/api/agreements/rent?room_id=${room.id}`,
    headers: w.student.headers,
  });
  if (opened.statusCode !== 200)
    throw new Error(`set-up agreement failed: ${opened.statusCode} ${opened.body}`);
  const agreement = opened.json() as AgreementJson;
  if (!accepted) return agreement;
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/agreements/${agreement._id}/accept`,
    headers: w.student.headers,
    payload: {
      full_name: await accountName(w),
      agree: true,
      document_sha256: agreement.document_sha256,
    },
  });
  if (res.statusCode !== 200) throw new Error(`set-up acceptance failed: ${res.statusCode} ${res.body}`);
  return res.json() as AgreementJson;
}

/** A hostel the student saved just now: its saved item's id. */
async function savedByStudent(w: World): Promise<string> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/saved',
    headers: w.student.headers,
    payload: { hostel_id: (await insertHostel(w.db)).id },
  });
  if (res.statusCode !== 201) throw new Error(`set-up save failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { _id: string })._id;
}

/** A refund an admin has asked for, of a fresh paid agent fee of the student's. */
async function madeRefund(w: World): Promise<string> {
  const { reference } = await paidReference(w);
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/admin/refunds',
    headers: w.admin.headers,
    payload: { reference, amount: 1_000, reason: 'Matrix refund' },
  });
  if (res.statusCode !== 202) throw new Error(`set-up refund failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { _id: string })._id;
}

/**
 * A transfer held as a fresh student's credit (a booking's agent fee and ₦1 more): its id, and the
 * key of the agent fee it covers.
 */
async function heldCredit(w: World): Promise<{ id: string; dueKey: string }> {
  const student = await signedInUser(w.t);
  const room = await freshRoom(w.db);
  const bookingId = await bookAs(w, student, room);
  const asked = await w.t.app.inject({
    method: 'POST',
    url: '/api/me/dedicated-account',
    headers: student.headers,
  });
  if (asked.statusCode !== 200) throw new Error(`set-up account failed: ${asked.statusCode} ${asked.body}`);
  const sent = await w.t.app.inject({
    method: 'POST',
    url: '/api/sandbox/transfers',
    headers: student.headers,
    payload: { amount: room.agentFee + 1 },
  });
  if (sent.statusCode !== 201) throw new Error(`set-up transfer failed: ${sent.statusCode} ${sent.body}`);
  const [credit] = (
    await w.t.app.inject({ method: 'GET', url: '/api/me/credits', headers: student.headers })
  ).json() as { _id: string }[];
  return { id: credit!._id, dueKey: `agent_fee:${bookingId}` };
}

/** An id no credit has: the guard answers before anything is looked up. */
const NO_CREDIT = '00000000-0000-4000-8000-000000000000';

/**
 * A fresh account with the role's rights and its own session, for operations that change the
 * caller's own account (password, sessions, two-step sign-in) and must not disturb the shared ones.
 */
async function throwaway(w: World, role: Role, overrides: Parameters<typeof insertUser>[1] = {}) {
  if (role === 'anon') return { user: undefined, auth: {} as Record<string, string> };
  const user = await insertUser(w.db, { role: role === 'admin' ? 'admin' : 'student', ...overrides });
  const token = await issueToken(w.db, w.t.config.jwtSecret, user);
  return { user, auth: { authorization: `Bearer ${token}` } };
}

/** A throwaway account (admin for the admin role) with a two-step secret set up, as the API does it. */
async function withTotpSetUp(w: World, role: Role) {
  const person = await throwaway(w, role);
  if (role !== 'admin') return { ...person, secret: '' };
  const res = await w.t.app.inject({ method: 'POST', url: '/api/auth/mfa/setup', headers: person.auth });
  if (res.statusCode !== 201) throw new Error(`set-up two-step failed: ${res.statusCode} ${res.body}`);
  return { ...person, secret: (res.json() as { secret: string }).secret };
}

const roomBody = (hostelId: string) => ({
  room_number: 'room 07',
  unit: 'two bedroom flat',
  price: 720_000,
  agent_fee: 70_000,
  caution_fee: 50_000,
  commission_fee: 30_000,
  hostel: hostelId,
  rent_plan: 'two_parts',
});

/** A document `who` uploaded (her passport), waiting for review. */
async function documentOf(w: World, who: SignedIn): Promise<string> {
  const res = await uploadDocument(w.t, who, 'passport', {
    data: await realPdf(1),
    filename: 'passport.pdf',
  });
  if (res.statusCode !== 201) throw new Error(`uploading a document failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { _id: string })._id;
}

async function freshReview(w: World) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    payload: { full_name: 'Ngozi A.', feedback: 'Clean rooms and a calm street.', rating: 4 },
  });
  return (res.json() as { review: { _id: string } }).review._id;
}

/** How to call each operation meaningfully; throwaway records for anything that changes state. */
const REQUESTS: Record<string, (w: World, role: Role) => Promise<Call>> = {
  'GET /api/health': async () => ({ url: '/api/health' }),
  'GET /api/ready': async () => ({ url: '/api/ready' }),
  'GET /api/site': async () => ({ url: '/api/site' }),
  'GET /api/dev/outbox': async () => ({ url: '/api/dev/outbox' }),
  'GET /api/dev/sms-outbox': async () => ({ url: '/api/dev/sms-outbox' }),

  'GET /api/hostels': async () => ({ url: '/api/hostels?include_closed=1' }),
  'GET /api/hostels/{id}': async (w) => ({ url: `/api/hostels/${w.hostel.id}` }),
  'POST /api/hostels': async () => ({
    url: '/api/hostels',
    payload: {
      hostel_name: unique('Matrix Lodge '),
      address: '3 Odenigbo Road, Nsukka',
      hostel_details: 'Quiet',
    },
  }),
  'PATCH /api/hostels/{id}': async (w) => ({
    url: `/api/hostels/${(await insertHostel(w.db)).id}`,
    payload: { hostel_details: 'Newly painted', rent_plan: 'two_parts' },
  }),
  'PUT /api/hostels/{id}': async (w) => ({
    url: `/api/hostels/${(await insertHostel(w.db)).id}`,
    payload: { hostel_name: unique('Replaced Lodge '), address: '9 Enugu Road, Nsukka' },
  }),
  'DELETE /api/hostels/{id}': async (w) => ({ url: `/api/hostels/${(await insertHostel(w.db)).id}` }),
  'POST /api/hostels/{id}/close': async (w) => ({
    url: `/api/hostels/${(await insertHostel(w.db)).id}/close`,
  }),
  'POST /api/hostels/{id}/reopen': async (w) => ({
    url: `/api/hostels/${(await insertHostel(w.db, { isClosed: true })).id}/reopen`,
  }),

  'GET /api/rooms': async () => ({ url: '/api/rooms' }),
  'GET /api/rooms/hostel/{hostelId}': async (w) => ({ url: `/api/rooms/hostel/${w.hostel.id}` }),
  'GET /api/rooms/room/{id}': async (w) => ({ url: `/api/rooms/room/${w.room.id}` }),
  'POST /api/rooms': async (w) => ({ url: '/api/rooms', payload: roomBody((await insertHostel(w.db)).id) }),
  'PATCH /api/rooms/{id}': async (w) => ({
    url: `/api/rooms/${(await freshRoom(w.db)).id}`,
    payload: { price: 700_000, rent_plan: 'three_parts' },
  }),
  'PUT /api/rooms/{id}': async (w) => {
    const room = await freshRoom(w.db);
    return { url: `/api/rooms/${room.id}`, payload: roomBody(room.hostelId) };
  },
  'PATCH /api/rooms/{id}/status': async (w) => ({
    url: `/api/rooms/${(await freshRoom(w.db)).id}/status`,
    payload: { status: 'Booked' },
  }),
  'DELETE /api/rooms/{id}': async (w) => ({ url: `/api/rooms/${(await freshRoom(w.db)).id}` }),
  'POST /api/rooms/{id}/photos': async (w) => {
    const form = await multipart({}, [{ data: await smallJpeg(1) }]);
    return { url: `/api/rooms/${(await freshRoom(w.db)).id}/photos`, ...form };
  },
  // A row alone (no files): removing them is best effort, and the rights are what is checked here.
  'DELETE /api/rooms/{id}/photos/{photoId}': async (w) => {
    const room = await freshRoom(w.db);
    const [photo] = await w.db
      .insert(roomImages)
      .values({ roomId: room.id, storageKey: unique('rooms/matrix-'), width: 64, height: 48 })
      .returning({ id: roomImages.id });
    return { url: `/api/rooms/${room.id}/photos/${photo!.id}` };
  },

  'POST /api/auth/signup': async () => ({ url: '/api/auth/signup', payload: signupFields() }),
  'POST /api/auth/admin/signup': async () => ({ url: '/api/auth/admin/signup', payload: signupFields() }),
  // With the account's sign-up ticket, so every caller takes the path that signs someone in.
  'POST /api/auth/verify-email-otp': async (w) => {
    const { user, otp } = await userWithCode(w.t, 'verify_email');
    const signup_ticket = issueSignupTicket(w.t.config.jwtSecret, user);
    return { url: '/api/auth/verify-email-otp', payload: { email: user.email, otp, signup_ticket } };
  },
  'POST /api/auth/resend-otp': async (w) => ({
    url: '/api/auth/resend-otp',
    payload: { email: (await insertUser(w.db, { isEmailConfirmed: false })).email },
  }),
  'POST /api/auth/login': async (w) => ({
    url: '/api/auth/login',
    payload: { email: w.student.user.email.toUpperCase(), password: TEST_PASSWORD },
  }),
  // Logging out revokes the token, so each role logs out a throwaway session of its own.
  'POST /api/auth/logout': async (w, role) => ({
    url: '/api/auth/logout',
    auth:
      role === 'anon'
        ? ({} as Record<string, string>)
        : {
            authorization: `Bearer ${await issueToken(w.db, w.t.config.jwtSecret, w.people[role].user)}`,
          },
  }),
  'POST /api/auth/forgot-password': async (w) => ({
    url: '/api/auth/forgot-password',
    payload: { email: (await insertUser(w.db)).email },
  }),
  'POST /api/auth/reset-password': async (w) => {
    const { user, otp } = await userWithCode(w.t, 'reset_password');
    return {
      url: '/api/auth/reset-password',
      payload: { email: user.email, otp, password: 'a-brand-new-passphrase-42' },
    };
  },
  'POST /api/auth/change-password': async (w, role) => ({
    url: '/api/auth/change-password',
    auth: (await throwaway(w, role)).auth,
    payload: { current_password: TEST_PASSWORD, new_password: 'a-different-passphrase-77' },
  }),
  'POST /api/auth/confirm-password': async () => ({
    url: '/api/auth/confirm-password',
    payload: { password: TEST_PASSWORD },
  }),
  // Each role deletes a throwaway account of its own (nothing binds it, so deletion goes ahead).
  'POST /api/auth/delete-account': async (w, role) => ({
    url: '/api/auth/delete-account',
    auth: (await throwaway(w, role)).auth,
    payload: { password: TEST_PASSWORD },
  }),
  'GET /api/auth/sessions': async () => ({ url: '/api/auth/sessions' }),
  'DELETE /api/auth/sessions/{id}': async (w) => {
    const token = await issueToken(w.db, w.t.config.jwtSecret, w.student.user);
    const sessions = await w.t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { authorization: `Bearer ${token}` },
    });
    const current = (sessions.json() as { _id: string; current: boolean }[]).find((s) => s.current);
    return { url: `/api/auth/sessions/${current?._id}` };
  },
  'POST /api/auth/logout-others': async (w, role) => ({
    url: '/api/auth/logout-others',
    auth: (await throwaway(w, role)).auth,
  }),
  'GET /api/auth/mfa': async () => ({ url: '/api/auth/mfa' }),
  'POST /api/auth/mfa/setup': async (w, role) => ({
    url: '/api/auth/mfa/setup',
    auth: (await throwaway(w, role)).auth,
  }),
  'POST /api/auth/mfa/enable': async (w, role) => {
    const { auth, secret } = await withTotpSetUp(w, role);
    return {
      url: '/api/auth/mfa/enable',
      auth,
      payload: { code: secret ? totpAt(secret, Date.now()) : '123456' },
    };
  },
  'POST /api/auth/mfa/disable': async (w, role) => {
    const { auth, secret } = await withTotpSetUp(w, role);
    if (secret) {
      const on = await w.t.app.inject({
        method: 'POST',
        url: '/api/auth/mfa/enable',
        headers: auth,
        payload: { code: totpAt(secret, Date.now()) },
      });
      if (on.statusCode !== 200) throw new Error(`turning two-step on failed: ${on.statusCode} ${on.body}`);
    }
    return {
      url: '/api/auth/mfa/disable',
      auth,
      // The next step's code: the one just used to turn it on cannot be used again.
      payload: { password: TEST_PASSWORD, code: secret ? totpAt(secret, Date.now() + 30_000) : '123456' },
    };
  },
  'GET /api/admin/audit': async () => ({ url: '/api/admin/audit' }),
  'GET /api/admin/phone-reviews': async () => ({ url: '/api/admin/phone-reviews' }),
  'GET /api/admin/settings': async () => ({ url: '/api/admin/settings' }),
  'GET /api/admin/arrears': async () => ({ url: '/api/admin/arrears' }),
  'GET /api/admin/overview': async () => ({ url: '/api/admin/overview' }),
  'GET /api/admin/refunds': async () => ({ url: '/api/admin/refunds' }),
  // A fresh paid agent fee per call: every role tries to refund it in full.
  'POST /api/admin/refunds': async (w) => {
    const { reference } = await paidReference(w);
    const [row] = await w.db.select().from(payments).where(eq(payments.reference, reference));
    return {
      url: '/api/admin/refunds',
      payload: { reference, amount: row!.amount, reason: 'Matrix refund' },
    };
  },
  'GET /api/admin/refunds/{id}': async (w) => ({ url: `/api/admin/refunds/${await madeRefund(w)}` }),
  // A fresh paid agent fee per call, owed back and ₦1,000 of it refunded: every role tries to keep the rest.
  'POST /api/admin/refunds/close': async (w) => {
    const { reference } = await paidReference(w);
    const [row] = await w.db
      .update(payments)
      .set({ needsRefund: true, refundReason: 'duplicate' })
      .where(eq(payments.reference, reference))
      .returning();
    await w.db.insert(refunds).values({
      paymentId: row!.id,
      amount: 1_000,
      reason: 'Matrix refund',
      status: 'processed',
      provider: row!.provider,
      processedAt: new Date(),
    });
    return { url: '/api/admin/refunds/close', payload: { reference, reason: 'Matrix: the rest is kept' } };
  },
  'GET /api/admin/reconciliation': async () => ({ url: '/api/admin/reconciliation' }),
  'POST /api/admin/reconciliation': async () => ({
    method: 'POST',
    url: '/api/admin/reconciliation',
    payload: { date: '2026-01-05' },
  }),
  'GET /api/me/dedicated-account': async () => ({ url: '/api/me/dedicated-account' }),
  // Only a student who has booked may have an account number: the student has; the others ask as
  // fresh accounts that have not (the shared ones book rooms in other rows), so they are refused.
  'POST /api/me/dedicated-account': async (w, role) => ({
    url: '/api/me/dedicated-account',
    auth: role === 'other' || role === 'admin' ? (await throwaway(w, role)).auth : undefined,
  }),
  'GET /api/me/credits': async () => ({ url: '/api/me/credits' }),
  'POST /api/sandbox/transfers': async (w, role) => {
    // She sends to her own account number, which she asks for first.
    if (role === 'student') {
      await w.t.app.inject({ method: 'POST', url: '/api/me/dedicated-account', headers: w.student.headers });
    }
    return {
      url: '/api/sandbox/transfers',
      payload: { amount: 1_000 },
      auth: role === 'other' || role === 'admin' ? (await throwaway(w, role)).auth : undefined,
    };
  },
  'GET /api/admin/credits': async () => ({ url: '/api/admin/credits?status=held' }),
  'GET /api/admin/credits/{id}/dues': async (w, role) => ({
    url: `/api/admin/credits/${role === 'admin' ? (await heldCredit(w)).id : NO_CREDIT}/dues`,
  }),
  'POST /api/admin/credits/{id}/allocate': async (w, role) => {
    const credit = role === 'admin' ? await heldCredit(w) : { id: NO_CREDIT, dueKey: 'agent_fee:x' };
    return { url: `/api/admin/credits/${credit.id}/allocate`, payload: { due_key: credit.dueKey } };
  },
  'POST /api/admin/credits/{id}/refund': async (w, role) => ({
    url: `/api/admin/credits/${role === 'admin' ? (await heldCredit(w)).id : NO_CREDIT}/refund`,
    payload: { reason: 'Matrix refund' },
  }),
  'POST /api/admin/refunds/{id}/check': async (w) => ({
    method: 'POST',
    url: `/api/admin/refunds/${await madeRefund(w)}/check`,
  }),
  ...Object.fromEntries(
    REPORT_KINDS.map((kind) => [
      `GET /api/admin/reports/${kind}`,
      async () => ({ url: `/api/admin/reports/${kind}?from=2026-01-01&to=2026-12-31` }),
    ]),
  ),
  ...Object.fromEntries(
    EXPORT_KINDS.map((kind) => [
      `GET /api/admin/exports/${kind}.csv`,
      async () => ({ url: `/api/admin/exports/${kind}.csv?from=2026-01-01&to=2026-12-31` }),
    ]),
  ),
  'POST /api/maintenance': async (w) => {
    await maintenanceReport(w.t, w.student);
    return {
      url: '/api/maintenance',
      payload: { category: 'electrical', description: 'The socket by the bed sparks.', urgency: 'emergency' },
    };
  },
  'GET /api/maintenance/mine': async () => ({ url: '/api/maintenance/mine' }),
  'POST /api/tenancy/notice': async (w) => {
    await ensureTenancy(w.t, w.student.user.id);
    return { url: '/api/tenancy/notice', payload: { move_out_on: lagosDatePlusDays(60) } };
  },
  'DELETE /api/tenancy/notice': async (w) => {
    await ensureTenancy(w.t, w.student.user.id);
    return { url: '/api/tenancy/notice' };
  },
  // A fresh tenant per call: a tenancy ends once.
  'POST /api/admin/tenancies/{id}/move-out': async (w) => {
    const tenant = await insertUser(w.db, { email: `${unique('tenant')}@example.com` });
    return {
      url: `/api/admin/tenancies/${await ensureTenancy(w.t, tenant.id)}/move-out`,
      payload: { date: lagosDatePlusDays(0), reason: 'breach' },
    };
  },
  'GET /api/admin/maintenance': async () => ({ url: '/api/admin/maintenance?status=open' }),
  'POST /api/documents': async () => {
    const form = await multipart({ kind: 'student_id' }, [
      { field: 'file', data: await realPdf(1), filename: 'student-id.pdf', type: 'application/pdf' },
    ]);
    return { url: '/api/documents', ...form };
  },
  'GET /api/documents/mine': async () => ({ url: '/api/documents/mine' }),
  'GET /api/documents/{id}/file': async (w) => ({
    url: `/api/documents/${await documentOf(w, w.student)}/file`,
  }),
  'GET /api/admin/documents': async () => ({ url: '/api/admin/documents' }),
  // A fresh student's document per call: a document is decided once.
  'POST /api/admin/documents/{id}/review': async (w) => ({
    url: `/api/admin/documents/${await documentOf(w, await signedInUser(w.t))}/review`,
    payload: { decision: 'approve' },
  }),
  'GET /api/tenancies/{id}/condition': async (w) => ({
    url: `/api/tenancies/${await ensureTenancy(w.t, w.student.user.id)}/condition`,
  }),
  // A fresh tenant per call (the student's role acts as her): a confirmed report stops the tenant.
  'POST /api/tenancies/{id}/condition': async (w, role) => {
    const { tenancyId, auth } = await conditionTenant(w, role);
    return {
      url: `/api/tenancies/${tenancyId}/condition`,
      payload: { items: [{ name: 'Bed', state: 'good' }] },
      auth,
    };
  },
  'POST /api/tenancies/{id}/condition/photos': async (w, role) => {
    const { tenancyId, auth } = await conditionTenant(w, role);
    const form = await multipart({}, [{ data: await smallJpeg(2), field: 'photos' }]);
    return { url: `/api/tenancies/${tenancyId}/condition/photos`, ...form, auth };
  },
  // A fresh tenant's own report, awaiting confirmation, per call.
  'POST /api/admin/tenancies/{id}/condition/confirm': async (w) => {
    const { tenancyId, auth } = await conditionTenant(w, 'student');
    const recorded = await w.t.app.inject({
      method: 'POST',
      url: `/api/tenancies/${tenancyId}/condition`,
      headers: auth,
      payload: { items: [{ name: 'Fan', state: 'fair' }] },
    });
    if (recorded.statusCode !== 201)
      throw new Error(`recording failed: ${recorded.statusCode} ${recorded.body}`);
    return { url: `/api/admin/tenancies/${tenancyId}/condition/confirm` };
  },
  'GET /api/condition-photos/{file}': async (w) => ({ url: await conditionPhotoLink(w) }),
  'GET /api/saved': async () => ({ url: '/api/saved' }),
  // A hostel of its own per call, so each caller saves something new.
  'POST /api/saved': async (w) => ({
    url: '/api/saved',
    payload: { hostel_id: (await insertHostel(w.db)).id },
  }),
  'PATCH /api/saved/{id}': async (w) => ({
    url: `/api/saved/${await savedByStudent(w)}`,
    payload: { channel: 'email' },
  }),
  'DELETE /api/saved/{id}': async (w) => ({ url: `/api/saved/${await savedByStudent(w)}` }),
  'PATCH /api/admin/maintenance/{id}': async (w) => ({
    url: `/api/admin/maintenance/${await maintenanceReport(w.t, w.student)}`,
    payload: { status: 'in_progress', note: 'On it' },
  }),
  'POST /api/admin/messages': async (w) => ({ url: '/api/admin/messages', payload: messageTo(w) }),
  'POST /api/admin/messages/preview': async (w) => ({
    url: '/api/admin/messages/preview',
    payload: messageTo(w),
  }),
  'GET /api/admin/messages': async () => ({ url: '/api/admin/messages' }),
  'GET /api/admin/messages/{id}': async (w) => ({ url: `/api/admin/messages/${await sentMessage(w)}` }),
  'POST /api/admin/messages/{id}/retry': async (w) => ({
    url: `/api/admin/messages/${await sentMessage(w)}/retry`,
  }),
  'PUT /api/admin/settings': async () => ({
    url: '/api/admin/settings',
    payload: { reminder_days_before: [30, 7, 1], overdue_days_after: [1, 7], reminder_sms: true },
  }),

  'GET /api/user/all': async () => ({ url: '/api/user/all' }),
  // Each caller asks once, with nothing of theirs pending.
  'POST /api/user/data-exports': async (w, role) => {
    if (role !== 'anon') await w.db.delete(dataExports).where(eq(dataExports.userId, w.people[role].user.id));
    return { url: '/api/user/data-exports' };
  },
  'GET /api/user/data-exports': async () => ({ url: '/api/user/data-exports' }),
  'GET /api/user/data-exports/{id}/download': async (w, role) => {
    const mine = await readyExport(w, w.student);
    const token =
      role === 'other'
        ? downloadToken(w.t.app.deps, await readyExport(w, w.other))
        : downloadToken(w.t.app.deps, mine);
    return { url: `/api/user/data-exports/${mine.id}/download?token=${token}` };
  },
  'PATCH /api/user/profile': async () => ({
    url: '/api/user/profile',
    payload: { emergency_contact: { name: 'Mama Ada', phone: '08039876543' } },
  }),
  'PUT /api/user/profile': async () => ({
    url: '/api/user/profile',
    payload: { first_name: 'Ada', last_name: 'Obi', phone_number: '+2348031234567' },
  }),
  'GET /api/user/{id}': async (w) => ({ url: `/api/user/${w.student.user.id}` }),
  'DELETE /api/user/{id}': async (w) => ({ url: `/api/user/${(await insertUser(w.db)).id}` }),
  // A fresh admin with two-step sign-in on per call: each role tries to reset it.
  'POST /api/user/{id}/two-step/reset': async (w) => ({
    url: `/api/user/${(await insertUser(w.db, { role: 'admin', totpEnabledAt: new Date(), totpSecret: 'x' })).id}/two-step/reset`,
  }),

  'POST /api/bookings': async (w) => {
    const room = await freshRoom(w.db);
    return {
      url: '/api/bookings',
      payload: {
        hostel_id: room.hostelId,
        room_id: room.id,
        inspection_date_time: `${lagosDatePlusDays(3)}_${SLOT}`,
      },
    };
  },
  'GET /api/bookings': async () => ({ url: '/api/bookings' }),
  'GET /api/bookings/count': async () => ({ url: '/api/bookings/count' }),
  // A fresh booking of the student's per call: every role tries to cancel it.
  'POST /api/bookings/{id}/cancel': async (w) => ({
    url: `/api/bookings/${await bookAs(w, w.student, await freshRoom(w.db))}/cancel`,
  }),

  // A fresh booking of the student's per call: every role tries to pay the student's agent fee.
  'POST /api/payments/agent-fee/initiate': async (w) => {
    const room = await freshRoom(w.db);
    const bookingId = await bookAs(w, w.student, room);
    return {
      url: '/api/payments/agent-fee/initiate',
      payload: agentFeeBody(w.t, room, bookingId),
    };
  },
  // A room the student has booked (agent fee paid): every role tries to pay its rent.
  'POST /api/payments/room-price/initiate': async (w) => {
    const room = await roomBookedByStudent(w);
    return {
      url: '/api/payments/room-price/initiate',
      payload: {
        amount: room.price,
        room_id: room.id,
        hostel_id: room.hostelId,
        callback_url: callbackUrl(w),
      },
    };
  },
  // A room the student has booked (agent fee paid): every role tries to pay its caution deposit
  // through the student's booking.
  'POST /api/payments/caution-fee/initiate': async (w) => {
    const room = await roomBookedByStudent(w);
    const [fee] = await w.db.select().from(payments).where(eq(payments.roomId, room.id));
    return {
      url: '/api/payments/caution-fee/initiate',
      payload: { amount: room.cautionFee, booking_id: fee?.bookingId, callback_url: callbackUrl(w) },
    };
  },
  'GET /api/payments/verify': async (w) => ({
    url: `/api/payments/verify?reference=${encodeURIComponent(w.reference)}`,
  }),
  'POST /api/payments/verify': async (w) => ({
    url: '/api/payments/verify',
    payload: { reference: w.reference },
  }),
  'GET /api/payments/mine': async () => ({ url: '/api/payments/mine' }),
  'GET /api/user/{id}/payments': async (w) => ({ url: `/api/user/${w.student.user.id}/payments` }),
  'GET /api/receipts/verify/{code}': async (w) => ({
    url: `/api/receipts/verify/${receiptCode(w.t, (await paidReference(w)).receiptNumber)}`,
  }),
  'GET /api/payments/{reference}/receipt.pdf': async (w) => ({
    url: `/api/payments/${(await paidReference(w)).reference}/receipt.pdf`,
  }),
  // A room the student has booked: every role asks for the agreement for its rent.
  'GET /api/agreements/rent': async (w) => ({
    url: `/api/agreements/rent?room_id=${(await roomBookedByStudent(w)).id}`,
  }),
  // A fresh agreement of the student's per call: every role tries to accept it in her name.
  'POST /api/agreements/{id}/accept': async (w) => {
    const agreement = await studentAgreement(w, false);
    return {
      url: `/api/agreements/${agreement._id}/accept`,
      payload: {
        full_name: await accountName(w),
        agree: true,
        document_sha256: agreement.document_sha256,
      },
    };
  },
  'GET /api/agreements/mine': async () => ({ url: '/api/agreements/mine' }),
  'GET /api/user/{id}/agreements': async (w) => ({ url: `/api/user/${w.student.user.id}/agreements` }),
  'GET /api/agreements/{id}': async (w) => ({
    url: `/api/agreements/${(await studentAgreement(w, false))._id}`,
  }),
  'GET /api/agreements/{id}/document.pdf': async (w) => ({
    url: `/api/agreements/${(await studentAgreement(w, false))._id}/document.pdf`,
  }),
  'GET /api/agreements/{id}/signed.pdf': async (w) => ({
    url: (await studentAgreement(w, true)).signed_url as string,
  }),
  'GET /api/agreements/verify/{code}': async (w) => ({
    url: `/api/agreements/verify/${(await studentAgreement(w, true)).verify_url?.split('/').pop()}`,
  }),
  // Anyone holding a signed copy may check its bytes.
  'POST /api/agreements/verify': async (w) => {
    const signed = await w.t.app.inject({
      method: 'GET',
      url: (await studentAgreement(w, true)).signed_url as string,
      headers: w.student.headers,
    });
    return {
      url: '/api/agreements/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: signed.rawPayload,
    };
  },
  'GET /api/payments/tenants': async () => ({ url: '/api/payments/tenants' }),
  'POST /api/payments/webhook/paystack': async (w) => ({
    url: '/api/payments/webhook/paystack',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) },
    payload: JSON.stringify({ event: 'charge.success', data: { reference: w.reference } }),
  }),

  'POST /api/reviews': async () => ({
    url: '/api/reviews',
    payload: { full_name: 'Tobi K.', feedback: 'The agent was on time.', rating: '5' },
  }),
  'GET /api/reviews': async () => ({ url: '/api/reviews' }),
  'GET /api/reviews/all': async () => ({ url: '/api/reviews/all' }),
  'PATCH /api/reviews/{id}': async (w) => ({
    url: `/api/reviews/${await freshReview(w)}`,
    payload: { status: 'approved' },
  }),
  'PUT /api/reviews/{id}': async (w) => ({
    url: `/api/reviews/${await freshReview(w)}`,
    payload: { status: 'hidden' },
  }),

  'GET /api/hostels/{id}/reviews': async (w) => ({ url: `/api/hostels/${w.hostel.id}/reviews` }),
  'POST /api/hostels/{id}/reviews': async (w) => ({
    url: `/api/hostels/${await hostelRentedBy(w.t, w.student.user.id)}/reviews`,
    payload: { rating: 5, text: 'Water every day and a quiet street.' },
  }),
  'GET /api/hostel-reviews/mine': async () => ({ url: '/api/hostel-reviews/mine' }),
  'PATCH /api/hostel-reviews/{id}': async (w) => ({
    url: `/api/hostel-reviews/${await tenantReview(w.t, w.student)}`,
    payload: { rating: 3, text: 'The borehole broke twice this term.' },
  }),
  'PUT /api/hostel-reviews/{id}': async (w) => ({
    url: `/api/hostel-reviews/${await tenantReview(w.t, w.student)}`,
    payload: { rating: '2', text: 'The borehole broke twice this term.' },
  }),
  'POST /api/hostel-reviews/{id}/report': async (w) => ({
    url: `/api/hostel-reviews/${await tenantReview(w.t, await signedInUser(w.t))}/report`,
  }),
  'GET /api/hostel-reviews': async () => ({ url: '/api/hostel-reviews' }),
  'POST /api/hostel-reviews/{id}/hide': async (w) => ({
    url: `/api/hostel-reviews/${await tenantReview(w.t, w.student)}/hide`,
    payload: { reason: 'It names another tenant' },
  }),
  'POST /api/hostel-reviews/{id}/unhide': async (w) => ({
    url: `/api/hostel-reviews/${await tenantReview(w.t, w.student, w.admin)}/unhide`,
  }),

  'POST /api/subscribers': async () => ({
    url: '/api/subscribers',
    payload: { email: `${unique('news')}@example.com` },
  }),
};

/** A ready export of `who`, as the job leaves it: a ZIP in private storage, a day to go. */
async function readyExport(w: World, who: SignedIn) {
  const storageKey = `data-exports/${unique('matrix')}.zip`;
  await w.t.app.deps.privateStorage.put(storageKey, Buffer.from('PK\u0005\u0006'), 'application/zip');
  const [row] = await w.db
    .insert(dataExports)
    .values({
      userId: who.user.id,
      status: 'ready',
      storageKey,
      readyAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  return row!;
}

const HIDDEN_REQUESTS: Record<string, (w: World, role: Role) => Promise<Call>> = {
  'GET /sandbox/checkout/{reference}': async (w) => ({ url: `/sandbox/checkout/${w.reference}` }),
  'POST /sandbox/checkout/{reference}/pay': async (w) =>
    sandboxButton((await agentFeeAs(w, w.student, await freshRoom(w.db))).reference, 'pay'),
  'POST /sandbox/checkout/{reference}/cancel': async (w) =>
    sandboxButton((await agentFeeAs(w, w.student, await freshRoom(w.db))).reference, 'cancel'),
  'GET /verify/{code}': async (w) => ({
    url: `/verify/${receiptCode(w.t, (await paidReference(w)).receiptNumber)}`,
  }),
  'GET /verify': async () => ({ url: '/verify' }),
  'GET /verify/agreement/{code}': async (w) => ({
    url: new URL((await studentAgreement(w, true)).verify_url as string).pathname,
  }),
};

const VARIANT_REQUESTS: Record<string, (w: World, role: Role) => Promise<Call>> = {
  "a student's first rent on her room's plan cannot be started by someone else": async (w) => {
    const room = await roomBookedByStudent(w);
    await w.db.update(rooms).set({ rentPlan: 'two_parts' }).where(eq(rooms.id, room.id));
    return {
      url: '/api/payments/room-price/initiate',
      payload: { plan: 'two_parts', room_id: room.id, callback_url: callbackUrl(w) },
    };
  },
  // The student rents a room on two parts with part 2 unpaid: every role tries to pay it.
  "a tenant's next part cannot be paid by someone else": async (w) => {
    const room = await roomBookedByStudent(w);
    await w.db.update(rooms).set({ rentPlan: 'two_parts' }).where(eq(rooms.id, room.id));
    const first = await w.t.app.inject({
      method: 'POST',
      url: '/api/payments/room-price/initiate',
      headers: w.student.headers,
      payload: { plan: 'two_parts', room_id: room.id, callback_url: callbackUrl(w) },
    });
    expect(first.statusCode, first.body).toBe(201);
    await payInSandbox(w, first.json().reference);
    return {
      url: '/api/payments/room-price/initiate',
      payload: { room_id: room.id, callback_url: callbackUrl(w) },
    };
  },
  'a condition photo link with a made-up signature opens for nobody': async (w) => ({
    url: (await conditionPhotoLink(w)).replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`),
  }),
  'closed hostel is visible to admins only': async (w) => ({
    url: `/api/hostels/${(await insertHostel(w.db, { isClosed: true })).id}`,
  }),
  "a student's booking cannot be paid by someone else (room price)": async (w) => {
    // The booking id is the student's; the room is another fresh one the student booked.
    const room = await roomBookedByStudent(w);
    const [booking] = (
      (await w.t.app.inject({ method: 'GET', url: '/api/bookings', headers: w.admin.headers })).json() as {
        _id: string;
        room: { _id: string };
      }[]
    ).filter((b) => b.room._id === room.id);
    return {
      url: '/api/payments/room-price/initiate',
      payload: {
        room_id: room.id,
        hostel_id: room.hostelId,
        booking_id: booking?._id,
        callback_url: callbackUrl(w),
      },
    };
  },
};

const methodOf = (key: string) => key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function callAs(w: World, key: string, role: Role, call: Call) {
  const roleHeaders = role === 'anon' ? {} : w.people[role].headers;
  const res = await w.t.app.inject({
    method: methodOf(key),
    url: call.url,
    headers: { ...(call.auth ?? roleHeaders), ...call.headers },
    ...(call.payload === undefined ? {} : { payload: call.payload as string }),
  });
  return res;
}

async function statusesFor(
  w: World,
  key: string,
  request: (w: World, role: Role) => Promise<Call>,
): Promise<{ statuses: Expected; bodies: Record<Role, string> }> {
  const statuses = {} as Expected;
  const bodies = {} as Record<Role, string>;
  for (const role of ROLES) {
    const res = await callAs(w, key, role, await request(w, role));
    statuses[role] = res.statusCode;
    bodies[role] = res.body.slice(0, 300);
  }
  return { statuses, bodies };
}

describe('authorisation matrix', () => {
  let w: World;
  let documented: string[];

  beforeAll(async () => {
    const t = await buildTestApp({ rateLimits: false });
    const admin = await signedInUser(t, { role: 'admin' });
    const student = await signedInUser(t);
    const other = await signedInUser(t);
    const hostel = await insertHostel(t.db);
    const room = await insertRoom(t.db, hostel.id, { roomNumber: 'room 01' });
    await insertRoom(t.db, hostel.id, { roomNumber: 'room 02' });
    w = {
      t,
      db: t.db,
      admin,
      student,
      other,
      hostel,
      room,
      bookingId: '',
      reference: '',
      people: { student, other, admin },
    };
    const paid = await agentFeeAs(w, student, room);
    w.bookingId = paid.bookingId;
    w.reference = paid.reference;
    documented = (await openApiOperations(t)).map((op) => op.key);
  });
  afterAll(async () => {
    await w?.t.close();
  });

  it('has a row for every documented operation, and no row for one that is gone', () => {
    const rows = Object.keys(EXPECTED);
    expect(
      documented.filter((k) => !rows.includes(k)),
      'operations without a row',
    ).toEqual([]);
    expect(
      rows.filter((k) => !documented.includes(k)),
      'rows for operations that no longer exist',
    ).toEqual([]);
    expect(Object.keys(REQUESTS).sort()).toEqual(rows.sort());
    expect(documented.length).toBeGreaterThanOrEqual(40);
  });

  it('has the hidden (undocumented) routes it lists', () => {
    for (const key of Object.keys(EXPECTED_HIDDEN)) {
      const [method, path] = key.split(' ') as [string, string];
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      expect(w.t.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
    for (const { op } of Object.values(EXPECTED_VARIANTS)) expect(documented).toContain(op);
  });

  it.each(Object.keys(EXPECTED))('%s', async (key) => {
    const request = REQUESTS[key];
    expect(request, `no request recipe for ${key}`).toBeDefined();
    const { statuses, bodies } = await statusesFor(w, key, request!);
    expect(statuses, `${key}\n${JSON.stringify(bodies, null, 1)}`).toEqual(EXPECTED[key]);
  });

  it.each(Object.keys(EXPECTED_HIDDEN))('%s (hidden route)', async (key) => {
    const { statuses, bodies } = await statusesFor(w, key, HIDDEN_REQUESTS[key]!);
    expect(statuses, `${key}\n${JSON.stringify(bodies, null, 1)}`).toEqual(EXPECTED_HIDDEN[key]);
  });

  it.each(Object.keys(EXPECTED_VARIANTS))('%s', async (name) => {
    const { op, expected } = EXPECTED_VARIANTS[name]!;
    const { statuses, bodies } = await statusesFor(w, op, VARIANT_REQUESTS[name]!);
    expect(statuses, `${name}\n${JSON.stringify(bodies, null, 1)}`).toEqual(expected);
  });

  it("leaves the student's data untouched by the other student's attempts", async () => {
    const profile = await w.t.app.inject({
      method: 'GET',
      url: `/api/user/${w.student.user.id}`,
      headers: w.student.headers,
    });
    expect(profile.statusCode).toBe(200);
    const verify = await w.t.app.inject({
      method: 'GET',
      url: `/api/payments/verify?reference=${w.reference}`,
      headers: w.student.headers,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ reference: w.reference, status: 'pending' });
  });
});
