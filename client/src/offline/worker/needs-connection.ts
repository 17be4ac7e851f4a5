// What a staff page (the dashboard, the login) shows when the browser is offline: the worker never
// keeps those pages, so instead of the browser's error page it answers this small page in both
// languages, with the way back to the public site (which works offline).
const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#0b1f24;color:#e8f3f2;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:2rem 1rem}section{margin-bottom:2rem}
h1{font-size:1.5rem;margin:0 0 .5rem}a{color:#5eead4}a:focus{outline:3px solid #fbbf24;outline-offset:2px}
[lang=ar]{font-family:"Noto Sans Arabic","Noto Naskh Arabic",system-ui,sans-serif}`;

export const NEEDS_CONNECTION_HTML = `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The dashboard needs a connection | تحتاج لوحة التحكم إلى اتصال</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<section>
<h1>The dashboard needs a connection</h1>
<p>You are offline. The staff dashboard and the login work only with a connection to the site's server. Connect to the internet or to the office network, then try again.</p>
<p><a href="">Try again</a> · <a href="/">Public site (works offline)</a></p>
</section>
<section lang="ar" dir="rtl">
<h2>تحتاج لوحة التحكم إلى اتصال</h2>
<p>أنت غير متصل بالإنترنت. لا تعمل لوحة تحكم الموظفين ولا صفحة الدخول إلا بالاتصال بخادم الموقع. اتصل بالإنترنت أو بشبكة المكتب، ثم حاول مرة أخرى.</p>
<p><a href="">حاول مرة أخرى</a> · <a href="/">الموقع العام (يعمل دون اتصال)</a></p>
</section>
</main>
</body>
</html>`;

export function needsConnectionPage(): Response {
  return new Response(NEEDS_CONNECTION_HTML, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    },
  });
}
