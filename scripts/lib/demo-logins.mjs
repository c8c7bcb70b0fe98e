// The demo logins `npm start` prints, read from docs/demo-logins.md: plain aligned text (role, e-mail,
// password) for a terminal, none of the page's Markdown.

/** Markdown emphasis, code and links reduced to their text. */
export function plainText(markdown) {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/(^|\s)[*_]([^*_\s][^*_]*?)[*_](?=\s|$|[.,;:!?])/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

function cells(line) {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => plainText(c));
}

/**
 * Every row of a table with a Role and an E-mail column whose e-mail is a whole address. The password is the
 * row's Password column when the table has one, else the one the page gives for every account
 * ("password is `…`"), else null.
 */
export function parseDemoLogins(markdown) {
  const shared = /password is\s+`([^`]+)`/i.exec(markdown)?.[1] ?? null;
  const lines = markdown.split('\n');
  const logins = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i].trim().startsWith('|') || !/^\s*\|?\s*:?-{3,}/.test(lines[i + 1])) continue;
    const header = cells(lines[i]).map((c) => c.toLowerCase());
    const role = header.findIndex((c) => c === 'role');
    const email = header.findIndex((c) => /^e-?mail$/.test(c));
    const password = header.findIndex((c) => c === 'password');
    let j = i + 2;
    for (; j < lines.length && lines[j].trim().startsWith('|'); j++) {
      if (role < 0 || email < 0) continue;
      const row = cells(lines[j]);
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(row[email] ?? '')) continue;
      logins.push({
        role: row[role] ?? '',
        email: row[email],
        password: password >= 0 ? (row[password] ?? null) : shared,
      });
    }
    i = j - 1;
  }
  return logins;
}

/** The logins as aligned columns under a Role / E-mail / Password heading, each line indented by `indent`. */
export function formatDemoLogins(logins, indent = '    ') {
  if (logins.length === 0) return '';
  const rows = [
    ['Role', 'E-mail', 'Password'],
    ...logins.map((l) => [l.role, l.email, l.password ?? '(see docs/demo-logins.md)']),
  ];
  const widths = [0, 1].map((c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => `${indent}${r[0].padEnd(widths[0])}   ${r[1].padEnd(widths[1])}   ${r[2]}`).join('\n');
}
