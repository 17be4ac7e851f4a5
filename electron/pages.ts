// The kiosk's own local screens (setup, error), as data: URLs: nothing to ship or serve.
// They talk to the main process only through window.kiosk, which preload.ts exposes.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  body { font-family: system-ui, "Noto Sans", "Noto Naskh Arabic", sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f6f8; color: #1d2733; }
  main { max-width: 34rem; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px #0002; }
  h1 { font-size: 1.4rem; margin-block-start: 0; } p[dir=rtl], h2[dir=rtl] { text-align: right; }
  label { display: block; margin-block: .6rem; } input[type=text], input[type=number] { width: 100%; padding: .5rem; font-size: 1rem; box-sizing: border-box; }
  button, a.button { font-size: 1rem; padding: .6rem 1.2rem; margin-inline-end: .6rem; border-radius: 8px; border: 1px solid #0b5394; background: #0b5394; color: #fff; cursor: pointer; text-decoration: none; }
  a.button.secondary { background: #fff; color: #0b5394; } .error { color: #a40000; font-weight: 600; } fieldset { border: 1px solid #ccd; border-radius: 8px; margin-block: 1rem; }
  code { background: #eef; padding: 0 .3rem; }
  #accounts { border-block-start: 2px solid #ccd; margin-block-start: 2rem; } #accounts table { border-collapse: collapse; width: 100%; margin-block: .6rem; }
  #accounts th, #accounts td { text-align: start; padding: .3rem .5rem; border-block-end: 1px solid #dde; } #accounts form { margin-block: 1rem; }
  #accounts input[type=email] { width: 100%; padding: .5rem; font-size: 1rem; box-sizing: border-box; } .password { font-size: 1.3rem; letter-spacing: .05em; }`;

function page(title: string, body: string, script = ''): string {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>${STYLE}</style></head><body><main>${body}</main><script>${script}</script></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

export type ErrorKind = 'server-failed' | 'server-stopped' | 'unreachable';

const TITLES: Record<ErrorKind, [en: string, ar: string]> = {
  'server-failed': ['The site could not start on this computer', 'تعذّر تشغيل الموقع على هذا الحاسوب'],
  'server-stopped': ['The site stopped on this computer', 'توقّف الموقع على هذا الحاسوب'],
  unreachable: ['The office server cannot be reached', 'لا يمكن الوصول إلى خادم المكتب'],
};

export function errorPage(kind: ErrorKind, detail: string): string {
  const [en, ar] = TITLES[kind];
  const hint = kind === 'unreachable'
    ? 'Check that the office server is switched on and that this computer is on the office network, then try again.'
    : 'Try again. If it keeps failing, restart the computer or ask for help, quoting the message below.';
  return page(en, `<h1 id="title">${en}</h1><h2 dir="rtl" lang="ar">${ar}</h2><p>${hint}</p>
<p><code id="detail">${escapeHtml(detail)}</code></p>
<p><button id="retry" autofocus>Try again · أعد المحاولة</button>
<a class="button secondary" id="setup" href="#">Change setup · تغيير الإعداد</a></p>
<p><small>Setup is also available at any time with Ctrl+Shift+S.</small></p>`,
  `document.getElementById('retry').onclick = () => window.kiosk.retry();
   document.getElementById('setup').onclick = (e) => { e.preventDefault(); window.kiosk.openSetup(); };`);
}

export function setupPage(): string {
  return page('Set up this computer', `<h1>How should this computer open the site?</h1>
<h2 dir="rtl" lang="ar">كيف يفتح هذا الحاسوب الموقع؟</h2>
<form id="form">
<fieldset><label><input type="radio" name="mode" value="host" checked> <b>This computer keeps the site and its data</b> (a field office, or the one machine that serves the office)</label>
<label><input type="checkbox" name="lan"> Also let other computers on the office network use it, on port <input type="number" name="port" value="3000" min="1" max="65535" style="width:7rem"></label>
<div id="first-admin"><p>The first administrator (needed once, for a new site):</p>
<label>E-mail <input type="text" name="adminEmail" dir="ltr" autocomplete="off"></label>
<label>Password (8 to 32 characters) <input type="password" name="adminPassword" autocomplete="new-password"></label></div></fieldset>
<fieldset><label><input type="radio" name="mode" value="connect"> <b>Open the office server</b> (no data on this computer; edits reach the public site)</label>
<label>Office server address <input type="text" name="serverUrl" placeholder="http://192.168.1.10:3000" dir="ltr"></label></fieldset>
<p class="error" id="error" role="alert"></p>
<button type="submit">Save and open · حفظ وفتح</button></form>
${ACCOUNTS_SECTION}`,
  `const form = document.getElementById('form');
   window.kiosk.getSetup().then(({ settings: s, needsFirstAdmin, accounts }) => {
     document.getElementById('first-admin').hidden = !needsFirstAdmin;
     document.getElementById('accounts').hidden = !accounts;
     if (!s) return; form.mode.value = s.mode;
     if (s.mode === 'host') { form.lan.checked = s.lan; form.port.value = s.port; } else { form.serverUrl.value = s.serverUrl; } });
   form.onsubmit = async (e) => { e.preventDefault();
     const answer = await window.kiosk.saveSetup({ mode: form.mode.value, lan: form.lan.checked, port: form.port.value, serverUrl: form.serverUrl.value,
       adminEmail: form.adminEmail.value, adminPassword: form.adminPassword.value });
     if (answer && answer.error) document.getElementById('error').textContent = answer.error; };
   ${ACCOUNTS_SCRIPT}`);
}

// Host mode only, for when no one can log in (electron/accounts.ts). Names and e-mails are put in
// with textContent: an account's name is typed by staff and is never read as HTML here.
const ACCOUNTS_SECTION = `<section id="accounts" hidden aria-labelledby="accounts-title">
<h2 id="accounts-title">Staff accounts on this computer</h2>
<h2 dir="rtl" lang="ar">حسابات الموظفين على هذا الحاسوب</h2>
<p id="accounts-warning">For when no one can log in: reset a password or make an administrator. This screen exists only on this
computer, for whoever can open this app under this computer's user account; it cannot be reached from the network or from
the site. Keep this computer account protected by its own password. Every change is written to the site's audit log.</p>
<p dir="rtl" lang="ar">عندما لا يستطيع أحد تسجيل الدخول: أعد تعيين كلمة مرور أو عيّن مشرفاً. هذه الشاشة موجودة على هذا الحاسوب فقط، لكل من يستطيع
فتح هذا التطبيق بحساب المستخدم الحالي على هذا الحاسوب، ولا يمكن الوصول إليها من الشبكة أو من الموقع. احمِ حساب هذا الحاسوب بكلمة مرور خاصة به.
يُسجَّل كل تغيير في سجل تغييرات الموقع.</p>
<button type="button" id="accounts-show">Show the accounts · عرض الحسابات</button>
<table id="accounts-table" hidden><caption>Accounts · الحسابات</caption>
<thead><tr><th scope="col">E-mail</th><th scope="col">Name</th><th scope="col">Role</th><th scope="col">State</th></tr></thead><tbody></tbody></table>
<form id="reset-form"><label>E-mail of the account whose password is forgotten · البريد الإلكتروني للحساب
<input type="email" name="email" dir="ltr" autocomplete="off" required maxlength="32"></label>
<button type="submit">Reset its password · إعادة تعيين كلمة المرور</button></form>
<form id="admin-form"><label>E-mail of the administrator to make (new or existing account) · البريد الإلكتروني للمشرف
<input type="email" name="email" dir="ltr" autocomplete="off" required maxlength="32"></label>
<button type="submit">Make an administrator · تعيين مشرف</button></form>
<div id="accounts-result" role="status" aria-live="polite"></div>
<p class="error" id="accounts-error" role="alert"></p></section>`;

const ACCOUNTS_SCRIPT = `
   const resultBox = document.getElementById('accounts-result'), accountsError = document.getElementById('accounts-error');
   const cell = (row, text) => { const td = document.createElement('td'); td.textContent = text; row.appendChild(td); };
   const state = (a) => (a.active ? 'active' : 'DISABLED') + (a.mustChangePassword ? ', must change password' : '');
   async function showAccounts() {
     const answer = await window.kiosk.listAccounts();
     if (answer.error) { accountsError.textContent = answer.error; return; }
     const body = document.querySelector('#accounts-table tbody'); body.replaceChildren();
     for (const a of answer.accounts) { const row = document.createElement('tr');
       cell(row, a.email); cell(row, a.name); cell(row, a.role || 'no role'); cell(row, state(a)); body.appendChild(row); }
     document.getElementById('accounts-table').hidden = false; }
   function handOver(answer, what) {
     accountsError.textContent = ''; resultBox.replaceChildren();
     if (answer.error) { accountsError.textContent = answer.error; return; }
     const line = document.createElement('p'); line.textContent = what + ' ' + answer.account.email + '. One-time password · كلمة مرور لمرة واحدة:';
     const code = document.createElement('code'); code.className = 'password'; code.id = 'one-time-password'; code.textContent = answer.password;
     const next = document.createElement('p'); next.textContent = 'They must choose a new password when they log in; it is not shown again. · يجب اختيار كلمة مرور جديدة عند تسجيل الدخول.';
     resultBox.append(line, code, next); void showAccounts(); }
   document.getElementById('accounts-show').onclick = () => { accountsError.textContent = ''; void showAccounts(); };
   document.getElementById('reset-form').onsubmit = async (e) => { e.preventDefault();
     handOver(await window.kiosk.resetPassword(e.target.email.value), 'Password reset for'); };
   document.getElementById('admin-form').onsubmit = async (e) => { e.preventDefault();
     const answer = await window.kiosk.createAdmin(e.target.email.value);
     handOver(answer, answer.created ? 'Administrator created:' : 'Made an active administrator:'); };`;

export function startingPage(): string {
  return page('Starting', '<h1>Starting the site…</h1><h2 dir="rtl" lang="ar">جارٍ تشغيل الموقع…</h2>');
}
