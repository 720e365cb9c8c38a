import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertHostel } from '../../test/factories.ts';

/**
 * The pages the server sends for the web build (static.ts), with a stand-in for the build's server
 * renderer that shows what the server handed it: the API's real status and body for the hostel, and
 * the page's own status. (The real renderer's pages are checked in e2e/student-snags.spec.ts.)
 */
const SHELL =
  '<!doctype html><html><head><title>StudyNest</title></head><body><noscript><!--app-noscript--></noscript><div id="root"></div></body></html>';
const RENDERER = `
export const serverRenderedPaths = ['/hostel/:hostelId'];
export const noscriptNotice = (url) => '<p>JavaScript is needed for ' + url.replace(/</g, '&lt;') + '</p>';
export async function render(url, getJson, options) {
  const id = url.split('/').pop();
  const { status, body } = await getJson('/hostels/' + id);
  if (status !== 200 && status !== 404) return null;
  const text = (status === 200 ? 'Hostel: ' + body.hostel_name : 'No longer listed: ' + body.message) +
    (options?.saveData ? ' (photos on tap)' : '');
  return { status, html: '<html><body><div id="root">' + text + '</div></body></html>' };
}
`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'studynest-web-'));
  writeFileSync(path.join(webDist, 'index.html'), SHELL);
  mkdirSync(path.join(webDist, '.server'));
  writeFileSync(path.join(webDist, '.server', 'entry-server.mjs'), RENDERER);
  t = await buildTestApp({}, { WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('data saver', () => {
  it('Save-Data: on reaches the renderer and marks the page; the device switch (a cookie) wins over it', async () => {
    const hostel = await insertHostel(t.db, { hostelName: 'Saver Court' });
    const saving = await page(`/hostel/${hostel.id}`, { 'save-data': 'on' });
    expect(saving.body).toContain('<html data-save-data>');
    expect(saving.body).toContain('Hostel: Saver Court (photos on tap)');
    expect(String(saving.headers.vary)).toMatch(/Save-Data/);
    const shell = await page('/somewhere', { 'save-data': 'on' });
    expect(shell.body).toContain('<html data-save-data>');

    const plain = await page(`/hostel/${hostel.id}`);
    expect(plain.body).not.toContain('data-save-data');
    expect(plain.body).not.toContain('photos on tap');
    const switchedOn = await page(`/hostel/${hostel.id}`, { cookie: 'a=1; data_saver=on' });
    expect(switchedOn.body).toContain('(photos on tap)');
    const switchedOff = await page(`/hostel/${hostel.id}`, { 'save-data': 'on', cookie: 'data_saver=off' });
    expect(switchedOff.body).not.toContain('data-save-data');
  });
});

describe('the hostel page, rendered on the server', () => {
  it('an open hostel: 200 and its page', async () => {
    const hostel = await insertHostel(t.db, { hostelName: 'Open Court' });
    const res = await page(`/hostel/${hostel.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Hostel: Open Court');
  });

  it('a closed hostel, or one that is not there: 404 with the API’s reason, not the empty shell', async () => {
    const closed = await insertHostel(t.db, { isClosed: true });
    for (const id of [closed.id, randomUUID()]) {
      const res = await page(`/hostel/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('No longer listed: This hostel does not exist or is no longer listed');
      expect(res.body).not.toContain('<noscript>');
    }
  });

  it('an API error the renderer cannot show: the shell, for the browser to render', async () => {
    // Not an id at all: the API answers 400, which this renderer leaves to the browser.
    const res = await page('/hostel/not-an-id');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('the shell of pages rendered in the browser', () => {
  it.each(['/login', '/sign-up', `/book-inspection/${randomUUID()}`])(
    '%s says in its <noscript> what JavaScript is needed for',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(`<noscript><p>JavaScript is needed for ${url}</p></noscript>`);
      expect(res.body).not.toContain('<!--app-noscript-->');
    },
  );

  it('puts what the address holds into the notice only as the renderer escaped it', async () => {
    const res = await page('/login?x=<script>');
    expect(res.body).not.toContain('<script>');
  });
});
