/** Small server-made pages (the sandbox checkout, unsubscribing, checking a receipt): plain HTML and forms, no scripts. */

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.banner{background:#fef3c7;border:2px dashed #b45309;color:#78350f;border-radius:.5rem;padding:.75rem 1rem;font-weight:700;text-align:center}
.card{background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem;margin-top:1rem}
h1{font-size:1.25rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#6b7280}dd{margin:0;font-weight:600;word-break:break-word}
.amount{font-size:2rem;font-weight:800;margin:.25rem 0 1rem}
.actions{display:flex;gap:.75rem}
.actions form{flex:1}
button,a.button{display:block;width:100%;box-sizing:border-box;border:0;border-radius:.5rem;padding:.8rem 1rem;font-size:1rem;font-weight:700;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#15803d;color:#fff}.cancel{background:#e5e7eb;color:#111827}
button:focus-visible,a.button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
p.note{color:#4b5563;font-size:.875rem}
.ok{color:#166534}.bad{color:#991b1b}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{display:block;width:100%;box-sizing:border-box;border:1px solid #9ca3af;border-radius:.5rem;padding:.7rem;font-size:1rem;margin-bottom:.5rem}
h2{font-size:1rem;margin:1.5rem 0 .5rem}
`;

/** A whole page: `title` in the tab, an optional banner above a card holding `body` (already HTML). */
export function htmlPage(opts: { title: string; banner?: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(opts.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${opts.banner ? `<p class="banner" role="note">${escapeHtml(opts.banner)}</p>\n` : ''}<div class="card">
${opts.body}
</div>
</main>
</body>
</html>`;
}

/** Headers for such a page: never cached, nothing runs, forms post only where `formAction` allows. */
export const htmlPageHeaders = (formAction: string) => ({
  'cache-control': 'no-store',
  'content-security-policy': [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
});
