import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { loadConfig } from '../../config/env.ts';

// One app per describe, so each hook stays well inside the hook timeout on a busy machine.
describe('GET /api/site', () => {
  describe('defaults', () => {
    let t: TestApp | undefined;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t?.close());

    it('returns the defaults, cacheable for five minutes', async () => {
      const res = await t!.app.inject({ method: 'GET', url: '/api/site' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.json()).toEqual({
        supportPhone: '+234 803 000 0000',
        supportEmail: 'support@studynest.ng',
        whatsappNumber: '+234 803 000 0000',
        tenantNoticeDays: 30,
        amendmentNoticeDays: 14,
        depositRefundDays: 14,
        inspectionCancelHours: 24,
        documentRetentionDays: 90,
        dataExportHours: 24,
      });
    });
  });

  describe('operator settings', () => {
    let custom: TestApp | undefined;
    beforeAll(async () => {
      custom = await buildTestApp(
        {},
        {
          SUPPORT_PHONE: '+234 701 111 2222',
          SUPPORT_EMAIL: 'help@example.ng',
          SUPPORT_WHATSAPP: '+234 802 333 4444',
          TENANT_NOTICE_DAYS: '60',
          AMENDMENT_NOTICE_DAYS: '7',
          DEPOSIT_REFUND_DAYS: '21',
        },
      );
    });
    afterAll(() => custom?.close());

    it('reflects the operator settings', async () => {
      const res = await custom!.app.inject({ method: 'GET', url: '/api/site' });
      expect(res.json()).toEqual({
        supportPhone: '+234 701 111 2222',
        supportEmail: 'help@example.ng',
        whatsappNumber: '+234 802 333 4444',
        tenantNoticeDays: 60,
        amendmentNoticeDays: 7,
        depositRefundDays: 21,
        inspectionCancelHours: 24,
        documentRetentionDays: 90,
        dataExportHours: 24,
      });
    });
  });

  it('WhatsApp defaults to the support phone; bad values fail fast at start', () => {
    const base = { DATA_DIR: '/tmp/studynest-site-test', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...base, SUPPORT_PHONE: '0803 555 6666' }).site.whatsappNumber).toBe('0803 555 6666');
    expect(() => loadConfig({ ...base, TENANT_NOTICE_DAYS: 'soon' })).toThrow(/TENANT_NOTICE_DAYS/);
    expect(() => loadConfig({ ...base, SUPPORT_EMAIL: 'nope' })).toThrow(/SUPPORT_EMAIL/);
  });
});
