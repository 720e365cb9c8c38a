import { createServer, type Server } from 'node:http';
import { expect, test } from './fixtures.ts';

/**
 * A front end written against the spec, hosted on another origin (in WEB_ORIGINS): it fetches the
 * hostel list from the API and shows every photo by the URL the API gave. Relative paths would
 * resolve against this origin, and a same-origin resource policy on /uploads would block them.
 */
function foreignFrontEnd(apiBase: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Another front end</title></head><body>
<ul id="hostels"></ul>
<script>
  fetch(${JSON.stringify(`${apiBase}/api/hostels`)})
    .then((res) => res.json())
    .then(async (hostels) => {
      const list = document.getElementById('hostels');
      const loads = [];
      for (const hostel of hostels) {
        const item = document.createElement('li');
        item.textContent = hostel.hostel_name;
        for (const url of hostel.images) {
          const img = document.createElement('img');
          img.alt = hostel.hostel_name;
          loads.push(new Promise((done) => { img.onload = done; img.onerror = done; }));
          img.src = url;
          item.append(img);
        }
        list.append(item);
      }
      await Promise.all(loads);
      document.body.dataset.state = 'done';
    })
    .catch((err) => { document.body.dataset.state = 'failed: ' + err; });
</script></body></html>`;
}

let server: Server | undefined;
test.afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

test('a front end on another origin shows every hostel photo the API lists', async ({ page, baseURL }) => {
  const origin = process.env.E2E_FOREIGN_ORIGIN;
  if (!origin) throw new Error('E2E_FOREIGN_ORIGIN is not set: global-setup did not run');
  const html = foreignFrontEnd(baseURL!);
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server!.listen(Number(new URL(origin).port), '127.0.0.1', resolve));

  const blocked: string[] = [];
  page.on('requestfailed', (req) => blocked.push(`${req.url()}: ${req.failure()?.errorText}`));
  await page.goto(`${origin}/`);
  await expect(page.locator('body')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });

  const images = await page
    .locator('img')
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({ src: img.currentSrc, width: img.naturalWidth })),
    );
  // The demo hostels each have photos; every one came from the API's origin and loaded.
  expect(images.length).toBeGreaterThan(0);
  expect(blocked).toEqual([]);
  for (const image of images) {
    expect(image.src.startsWith(`${baseURL}/uploads/`), image.src).toBe(true);
    expect(image.width, image.src).toBeGreaterThan(0);
  }
});
