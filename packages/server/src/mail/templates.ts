/**
 * Text + HTML bodies of the transactional mails. Everything interpolated into HTML is escaped;
 * the site name comes from configuration but is escaped too, since operators type it freely.
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(siteName: string, bodyHtml: string): string {
  const site = escapeHtml(siteName);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${site}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;color:#222">
<h1 style="font-size:1.25rem">${site}</h1>
${bodyHtml}
<p style="color:#777;font-size:.85rem">If you did not ask for this, you can ignore this email.</p>
</body></html>`;
}

export function verificationCodeMail(siteName: string, code: string, minutes: number): RenderedMail {
  return {
    subject: `${siteName}: your verification code is ${code}`,
    text: `Your ${siteName} verification code is ${code}.\n\nIt expires in ${minutes} minutes.\n\nIf you did not ask for this, you can ignore this email.\n`,
    html: layout(
      siteName,
      `<p>Your verification code is</p><p style="font-size:2rem;letter-spacing:.3rem;font-weight:bold">${escapeHtml(code)}</p><p>It expires in ${minutes} minutes.</p>`,
    ),
  };
}

export function passwordResetMail(siteName: string, link: string, minutes: number): RenderedMail {
  return {
    subject: `${siteName}: reset your password`,
    text: `Someone asked to reset the password of your ${siteName} account.\n\nSet a new password here (the link works once, for ${minutes} minutes):\n${link}\n\nIf you did not ask for this, you can ignore this email.\n`,
    html: layout(
      siteName,
      `<p>Someone asked to reset the password of your account.</p><p><a href="${escapeHtml(link)}">Set a new password</a></p><p>The link works once, for ${minutes} minutes.</p>`,
    ),
  };
}

export function activationMail(siteName: string, link: string, hours: number): RenderedMail {
  return {
    subject: `${siteName}: activate your account`,
    text: `An account was created for you at ${siteName}.\n\nChoose your password here (the link works once, for ${hours} hours):\n${link}\n`,
    html: layout(
      siteName,
      `<p>An account was created for you.</p><p><a href="${escapeHtml(link)}">Choose your password</a></p><p>The link works once, for ${hours} hours.</p>`,
    ),
  };
}

/** Sent after a password change or reset, so a member learns of a change they did not make (ASVS 2.2.3). */
export function passwordChangedMail(siteName: string, recoveryHint: string): RenderedMail {
  return {
    subject: `${siteName}: your password was changed`,
    text: `The password of your ${siteName} account was just changed, and other signed-in devices were signed out.\n\nIf this was not you, ${recoveryHint}\n`,
    html: layout(siteName, `<p>The password of your account was just changed, and other signed-in devices were signed out.</p><p>If this was not you, ${escapeHtml(recoveryHint)}</p>`),
  };
}
