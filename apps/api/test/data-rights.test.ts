import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONSENT_WORDING } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tenancyAgreements } from '../src/modules/agreements/agreements.schema.ts';
import { consents, users } from '../src/modules/auth/auth.schema.ts';
import { multipart, postSignup, signup, signupBody } from '../src/modules/auth/auth.test-helpers.ts';
import { bookings } from '../src/modules/bookings/bookings.schema.ts';
import { studentDocuments } from '../src/modules/documents/documents.schema.ts';
import { smallJpeg } from '../src/modules/hostels/hostels.fixtures.ts';
import { maintenanceRequests } from '../src/modules/maintenance/maintenance.schema.ts';
import { queueMessages } from '../src/modules/messages/deliveries.service.ts';
import { unsubscribeToken } from '../src/modules/messages/message-text.ts';
import { messageDeliveries } from '../src/modules/messages/messages.schema.ts';
import { paidInspection, paidTenant } from '../src/modules/payments/payments.fixtures.ts';
import { payments } from '../src/modules/payments/payments.schema.ts';
import { readPdf } from '../src/modules/receipts/receipts.fixtures.ts';
import { conditionPhotos, conditionReports, tenancies } from '../src/modules/tenancies/tenancies.schema.ts';
import { jpegKey, storePhoto } from '../src/storage/photos.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { eventually } from './eventually.ts';
import { signedInUser, TEST_PASSWORD } from './factories.ts';
import { tenantWithPaperwork } from './paperwork.ts';
import { send } from './requests.ts';

/** People's rights over their data (docs/domain.md, "People's rights over their data"). */
describe('data rights', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const consentRows = (userId: string) =>
    t.db.select().from(consents).where(eq(consents.userId, userId)).orderBy(consents.at, consents.kind);
  const account = async (userId: string) => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!;

  describe('correction', () => {
    it('a student changes her name and phone; the phone goes through the sign-up rule; admins see the new name', async () => {
      const student = await signedInUser(t);
      const admin = await signedInUser(t, { role: 'admin' });
      const res = await send(t, student, 'PATCH', '/api/user/profile', {
        first_name: 'Ngozi',
        last_name: 'Eze',
        phone_number: '0805 123 4567',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        first_name: 'Ngozi',
        last_name: 'Eze',
        phone_number: '+2348051234567',
      });

      const bad = await send(t, student, 'PATCH', '/api/user/profile', { phone_number: '12345' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toMatch(/phone|mobile|number/i);
      expect((await account(student.user.id)).phoneNumber).toBe('+2348051234567');

      const list = await send(t, admin, 'GET', '/api/user/all');
      const row = (list.json() as { _id: string; first_name: string; last_name: string }[]).find(
        (u) => u._id === student.user.id,
      );
      expect(row).toMatchObject({ first_name: 'Ngozi', last_name: 'Eze' });
    });

    it('a student cannot change another person through the profile route (it only ever changes her own)', async () => {
      const student = await signedInUser(t);
      const other = await signedInUser(t);
      const res = await send(t, student, 'PATCH', '/api/user/profile', {
        _id: other.user.id,
        first_name: 'X',
      });
      expect(res.statusCode).toBeLessThan(500);
      expect((await account(other.user.id)).firstName).toBe('Ada');
    });
  });

  describe('consent', () => {
    it('sign-up without the box ticked refuses news and offers only: service messages stay on, the words kept', async () => {
      const { user } = await signup(t.app);
      const row = await account(user._id);
      expect([row.marketingEmail, row.marketingSms]).toEqual([false, false]);
      expect([row.notifyEmail, row.notifySms]).toEqual([true, true]);
      const kept = await consentRows(user._id);
      expect(kept.map((c) => [c.kind, c.granted, c.source, c.wording])).toEqual([
        ['marketing_email', false, 'signup', CONSENT_WORDING.signup],
        ['marketing_sms', false, 'signup', CONSENT_WORDING.signup],
      ]);
    });

    it('a ticked box (JSON true, or a form\'s "on") is consent with its time and words; a news e-mail\'s unsubscribe withdraws it in one tap', async () => {
      const yes = await postSignup(t.app, { ...signupBody(), marketing_opt_in: true });
      expect(yes.statusCode, yes.body).toBe(201);
      const user = yes.json().user as { _id: string };
      expect(await account(user._id)).toMatchObject({ marketingEmail: true, marketingSms: true });
      const given = await consentRows(user._id);
      expect(given.every((c) => c.granted && c.wording === CONSENT_WORDING.signup)).toBe(true);
      expect(given).toHaveLength(2);
      expect(given[0]!.at.getTime()).toBeGreaterThan(Date.now() - 60_000);

      const path = `/unsubscribe?token=${unsubscribeToken(t.config, user._id, 'email', 'marketing')}`;
      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.body).toContain('Stop StudyNest news and offers by e-mail?');
      expect(page.body).toContain('Rent reminders, payment receipts');
      for (let tap = 0; tap < 2; tap++) {
        const done = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(done.statusCode).toBe(200);
        expect(done.body).toContain('We will not send you news and offers as e-mails any more.');
      }
      const after = await account(user._id);
      // News by e-mail stops; texts keep her yes, and her reminders are untouched.
      expect([after.marketingEmail, after.marketingSms]).toEqual([false, true]);
      expect([after.notifyEmail, after.notifySms]).toEqual([true, true]);
      const withdrawn = (await consentRows(user._id)).filter((c) => c.source === 'unsubscribe');
      // The second tap changed nothing, so it records nothing.
      expect(withdrawn.map((c) => [c.kind, c.granted, c.wording])).toEqual([
        ['marketing_email', false, CONSENT_WORDING.unsubscribe],
      ]);

      const form = multipart({ ...signupBody(), marketing_opt_in: 'on' });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', ...form });
      expect(res.statusCode, res.body).toBe(201);
      expect((await account(res.json().user._id)).marketingSms).toBe(true);
    });

    it("a reminder's unsubscribe link turns reminders off, not news, and is no consent record", async () => {
      const yes = await postSignup(t.app, { ...signupBody(), marketing_opt_in: true });
      const user = yes.json().user as { _id: string };
      const done = await t.app.inject({
        method: 'POST',
        url: `/unsubscribe?token=${unsubscribeToken(t.config, user._id, 'sms')}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('reminders and notices');
      expect(await account(user._id)).toMatchObject({ notifySms: false, marketingSms: true });
      expect((await consentRows(user._id)).map((c) => c.source)).toEqual(['signup', 'signup']);
      // A news token cannot be made from a service one: the list is inside the signature.
      const forged = unsubscribeToken(t.config, user._id, 'sms').replace('.sms.', '.sms.news.');
      const bad = await t.app.inject({ method: 'POST', url: `/unsubscribe?token=${forged}` });
      expect(bad.statusCode).toBe(404);
    });

    it('the profile switches for news record each change with its words, and only a change; the service switches record nothing', async () => {
      const student = await signedInUser(t);
      for (const on of [true, true, false]) {
        const res = await send(t, student, 'PATCH', '/api/user/profile', { marketing_sms: on });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().marketing_sms).toBe(on);
      }
      const off = await send(t, student, 'PATCH', '/api/user/profile', { notify_email: false });
      expect(off.json()).toMatchObject({ notify_email: false, marketing_email: false, marketing_sms: false });
      const read = await send(t, student, 'GET', `/api/user/${student.user.id}`);
      expect(read.json()).toMatchObject({ notify_email: false, notify_sms: true, marketing_sms: false });
      const kept = await consentRows(student.user.id);
      expect(kept.map((c) => [c.kind, c.granted, c.source, c.wording])).toEqual([
        ['marketing_sms', true, 'profile', CONSENT_WORDING.marketing_sms],
        ['marketing_sms', false, 'profile', CONSENT_WORDING.marketing_sms],
      ]);
    });

    it('news goes only to a person who said yes on that channel, and is cancelled if she withdrew before it went; her reminder goes anyway', async () => {
      const no = await signedInUser(t);
      const yes = await signedInUser(t, { marketingEmail: true });
      const queue = (who: { user: { id: string; email: string } }, topic: 'news' | 'reminder', n: number) =>
        queueMessages(t.app.deps, [
          {
            channel: 'email',
            to: who.user.email,
            userId: who.user.id,
            topic,
            subject: `${topic} ${n}`,
            text: `About ${topic}.`,
            key: `consent:${who.user.id}:${n}`,
          },
        ]);
      const status = async (who: { user: { id: string } }, n: number) =>
        (
          await t.db
            .select({ status: messageDeliveries.status })
            .from(messageDeliveries)
            .where(eq(messageDeliveries.dedupeKey, `consent:${who.user.id}:${n}`))
        )[0]?.status;
      await queue(no, 'news', 1);
      await queue(no, 'reminder', 2);
      await queue(yes, 'news', 3);
      await eventually(async () => (await status(no, 1)) === 'cancelled');
      await eventually(async () => (await status(no, 2)) === 'sent');
      await eventually(async () => (await status(yes, 3)) === 'sent');
      const mails = (
        await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(yes.user.email)}` })
      ).json() as { text: string }[];
      expect(mails.at(-1)?.text).toContain(
        `/unsubscribe?token=${unsubscribeToken(t.config, yes.user.id, 'email', 'marketing')}`,
      );

      await send(t, yes, 'PATCH', '/api/user/profile', { marketing_email: false });
      await queue(yes, 'news', 4);
      await eventually(async () => (await status(yes, 4)) === 'cancelled');
    });

    it('refuses a consent that is not yes or no', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { ...signupBody(), marketing_opt_in: 'maybe' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('marketing_opt_in must be true or false');
      const profile = await send(t, await signedInUser(t), 'PATCH', '/api/user/profile', {
        marketing_email: 'yes',
      });
      expect(profile.statusCode).toBe(400);
      expect(profile.json().fields).toEqual({ marketing_email: 'marketing_email must be true or false' });
    });
  });

  describe('deletion', () => {
    const deleteAccount = (who: { headers: Record<string, string> }, password: unknown) =>
      send(t, who, 'POST', '/api/auth/delete-account', { password });

    it('waits while renting or owed money, then anonymises: payments kept with the name masked, photos gone, no login, e-mail free again', async () => {
      const { student, tenancy, room } = await paidTenant(t, { room: {}, deposit: true });
      const email = student.user.email;

      const wrong = await deleteAccount(student, 'not-my-password');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('That password is not correct');

      const renting = await deleteAccount(student, TEST_PASSWORD);
      expect(renting.statusCode).toBe(409);
      expect(renting.json()).toMatchObject({ code: 'deletion_must_wait' });
      expect(renting.json().message).toMatch(/renting a room/);

      // A photo she sent with a maintenance request, stored like the route stores it.
      const photo = await storePhoto(t.app.deps.storage, await smallJpeg(3), 'maintenance');
      await t.db.insert(maintenanceRequests).values({
        userId: student.user.id,
        roomId: room.id,
        hostelId: room.hostelId,
        tenancyId: tenancy.id,
        category: 'plumbing',
        description: 'Tap drips',
        urgency: 'normal',
        photos: [photo],
        dueBy: new Date(),
      });
      expect(await t.app.deps.storage.get(jpegKey(photo.storageKey))).not.toBeNull();

      // She moves out; her booking is past; one payment is still owed back to her.
      await t.db.update(tenancies).set({ endedAt: new Date() }).where(eq(tenancies.id, tenancy.id));
      await t.db.update(bookings).set({ status: 'inspected' }).where(eq(bookings.userId, student.user.id));
      const [fee] = await t.db.select().from(payments).where(eq(payments.userId, student.user.id));
      await t.db
        .update(payments)
        .set({ needsRefund: true, refundReason: 'duplicate' })
        .where(eq(payments.id, fee!.id));
      const waiting = await deleteAccount(student, TEST_PASSWORD);
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json().message).toMatch(/we still owe you ₦/);
      await t.db
        .update(payments)
        .set({ needsRefund: false, refundReason: null })
        .where(eq(payments.id, fee!.id));

      const done = await deleteAccount(student, TEST_PASSWORD);
      expect(done.statusCode, done.body).toBe(200);

      const row = await account(student.user.id);
      expect(row).toMatchObject({
        firstName: 'Deleted',
        lastName: 'user',
        phoneNumber: '',
        emergencyName: '',
      });
      expect(row.email).not.toBe(email);
      expect(row.email).toMatch(/@deleted\.invalid$/);
      expect(row.deletedAt).not.toBeNull();
      const kept = await t.db.select().from(payments).where(eq(payments.userId, student.user.id));
      expect(kept.length).toBeGreaterThanOrEqual(3);
      expect(kept.every((p) => p.status === 'success')).toBe(true);
      const [request] = await t.db
        .select()
        .from(maintenanceRequests)
        .where(eq(maintenanceRequests.userId, student.user.id));
      expect(request!.photos).toEqual([]);
      expect(await t.app.deps.storage.get(jpegKey(photo.storageKey))).toBeNull();

      expect((await send(t, student, 'GET', '/api/auth/sessions')).statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(401);
      await signup(t.app, signupBody({ email }));
    });

    it("deletes her documents (rows and private files); keeps her tenancy agreement, masked in the admin's list, and her room's condition report with its photos", async () => {
      const tenant = await tenantWithPaperwork(t);
      const { student } = tenant;
      const [document] = await t.db
        .select()
        .from(studentDocuments)
        .where(eq(studentDocuments.id, tenant.documentId));
      const [photo] = await t.db.select().from(conditionPhotos).where(eq(conditionPhotos.id, tenant.photoId));
      expect(await t.app.deps.privateStorage.get(document!.storageKey)).not.toBeNull();
      expect(await t.app.deps.privateStorage.get(jpegKey(photo!.storageKey))).not.toBeNull();
      const admin = await signedInUser(t, { role: 'admin' });
      const before = (await send(t, admin, 'GET', `/api/user/${student.user.id}/agreements`)).json();
      const fullName = `${student.user.firstName} ${student.user.lastName}`;
      expect(before[0]).toMatchObject({ accepted_name: fullName, terms: { tenant_name: fullName } });

      // She moves out and her booking is past: nothing binds her any more.
      await t.db.update(tenancies).set({ endedAt: new Date() }).where(eq(tenancies.id, tenant.tenancy.id));
      await t.db.update(bookings).set({ status: 'inspected' }).where(eq(bookings.userId, student.user.id));
      const done = await deleteAccount(student, TEST_PASSWORD);
      expect(done.statusCode, done.body).toBe(200);

      expect(
        await t.db.select().from(studentDocuments).where(eq(studentDocuments.userId, student.user.id)),
      ).toEqual([]);
      expect(await t.app.deps.privateStorage.get(document!.storageKey)).toBeNull();
      // The report the deposit's deductions rest on stays, with its photo.
      const reports = await t.db
        .select()
        .from(conditionReports)
        .where(eq(conditionReports.tenancyId, tenant.tenancy.id));
      expect(reports.map((r) => r.id)).toEqual([tenant.reportId]);
      expect(await t.app.deps.privateStorage.get(jpegKey(photo!.storageKey))).not.toBeNull();
      // The agreement stays byte for byte; the admin's list names her masked, as a receipt does.
      const [agreement] = await t.db
        .select()
        .from(tenancyAgreements)
        .where(eq(tenancyAgreements.userId, student.user.id));
      expect(agreement!.signedSha256).toBe(before[0].signed_sha256);
      const masked = `${student.user.firstName} ${student.user.lastName.charAt(0).toUpperCase()}.`;
      const after = await send(t, admin, 'GET', `/api/user/${student.user.id}/agreements`);
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json()[0]).toMatchObject({ accepted_name: masked, terms: { tenant_name: masked } });
      expect(after.body).not.toContain(student.user.lastName);
    });

    it('removes the stored PDFs of her receipts, which print her name; the next download is drawn for "Deleted user"', async () => {
      const admin = await signedInUser(t, { role: 'admin' });
      const { student, feeReference } = await paidInspection(t, { room: {}, deposit: true });
      const other = await paidInspection(t, { room: {}, deposit: false });
      const receiptOf = async (reference: string) =>
        (await t.db.select().from(payments).where(eq(payments.reference, reference)))[0]!.receiptNumber!;
      const download = (who: { headers: Record<string, string> }, reference: string) =>
        send(t, who, 'GET', `/api/payments/${encodeURIComponent(reference)}/receipt.pdf`);
      /** The stored PDFs under a receipt's folder in DATA_DIR/private (receipt-pdf-store.ts). */
      const stored = (folder: string) => {
        try {
          return readdirSync(path.join(t.config.dataDir, 'private', 'receipts', folder.toLowerCase()));
        } catch {
          return [];
        }
      };
      const fullName = `${student.user.firstName} ${student.user.lastName}`;

      const mine = await t.db.select().from(payments).where(eq(payments.userId, student.user.id));
      expect(mine).toHaveLength(2); // the agent fee and the caution deposit
      for (const payment of mine) {
        const res = await download(student, payment.reference);
        expect(res.statusCode, res.body).toBe(200);
        expect(readPdf(res.rawPayload).text).toContain(fullName);
        expect(stored(payment.receiptNumber!)).toHaveLength(1);
      }
      // A PDF kept under the reference, the folder a receipt without a number would be stored in.
      await t.app.deps.privateStorage.put(
        `receipts/${feeReference.toLowerCase()}/${'0'.repeat(64)}.pdf`,
        Buffer.from('%PDF'),
        'application/pdf',
      );
      expect(stored(feeReference)).toHaveLength(1);
      const othersReceipt = await receiptOf(other.feeReference);
      expect((await download(other.student, other.feeReference)).statusCode).toBe(200);
      expect(stored(othersReceipt)).toHaveLength(1);

      // Her inspection has been held: nothing binds her any more.
      await t.db.update(bookings).set({ status: 'inspected' }).where(eq(bookings.userId, student.user.id));
      const done = await deleteAccount(student, TEST_PASSWORD);
      expect(done.statusCode, done.body).toBe(200);

      for (const payment of mine) expect(stored(payment.receiptNumber!), payment.reference).toEqual([]);
      expect(stored(feeReference)).toEqual([]);
      expect(stored(othersReceipt)).toHaveLength(1);

      // The receipt itself is kept: an admin downloads it, drawn again with the name the account has now.
      const again = await download(admin, feeReference);
      expect(again.statusCode, again.body).toBe(200);
      const { text } = readPdf(again.rawPayload);
      expect(text).toContain(await receiptOf(feeReference));
      expect(text).toMatch(/Paid by\s+Deleted user/);
      expect(text).not.toContain(student.user.lastName);
      expect(stored(await receiptOf(feeReference))).toHaveLength(1);
    });

    it('deletes the account all the same when a stored receipt PDF cannot be removed, and logs it', async () => {
      const { student, feeReference, depositReference } = await paidInspection(t, {
        room: {},
        deposit: true,
      });
      const folderOf = async (reference: string) => {
        const [row] = await t.db.select().from(payments).where(eq(payments.reference, reference));
        return path.join(t.config.dataDir, 'private', 'receipts', row!.receiptNumber!.toLowerCase());
      };
      for (const reference of [feeReference, depositReference!]) {
        const res = await send(
          t,
          student,
          'GET',
          `/api/payments/${encodeURIComponent(reference)}/receipt.pdf`,
        );
        expect(res.statusCode, res.body).toBe(200);
      }
      // Storage that fails: a file where the fee's folder should be cannot be removed as a folder.
      const broken = await folderOf(feeReference);
      rmSync(broken, { recursive: true });
      writeFileSync(broken, 'not a folder');
      const warn = vi.spyOn(t.app.deps.log, 'warn');
      await t.db.update(bookings).set({ status: 'inspected' }).where(eq(bookings.userId, student.user.id));
      try {
        const done = await deleteAccount(student, TEST_PASSWORD);
        expect(done.statusCode, done.body).toBe(200);
        expect((await account(student.user.id)).deletedAt).not.toBeNull();
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ folder: `receipts/${path.basename(broken)}/` }),
          "could not remove a deleted account's stored receipt PDFs",
        );
        // The others went all the same.
        expect(existsSync(await folderOf(depositReference!))).toBe(false);
      } finally {
        warn.mockRestore();
        rmSync(broken, { force: true });
      }
    });

    it('refuses a missing password with a 400 that says what to do', async () => {
      const student = await signedInUser(t);
      const res = await deleteAccount(student, '');
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Enter your password to delete your account');
      expect((await account(student.user.id)).deletedAt).toBeNull();
    });
  });
});
