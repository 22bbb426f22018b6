/**
 * Transactional mails: a branded HTML part and a plain-text part each. Everything that comes
 * from a user (names, addresses) is escaped before it enters the HTML.
 */
import { BRAND_NAME, RECOVERY_CODE_TTL_MS } from '@questfield/contract';
import { escapeHtml } from './escape-html';

export type EmailTemplateName = 'recovery_code' | 'password_changed' | 'order_confirmation';
export type RenderedEmail = {
  template: EmailTemplateName;
  subject: string;
  text: string;
  html: string;
};

function layout(title: string, bodyHtml: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;background:#0b0b0f;font-family:Arial,Helvetica,sans-serif;color:#f4f4f5">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">',
    '<table role="presentation" width="100%" style="max-width:520px;background:#16161d;border-radius:12px">',
    `<tr><td style="padding:24px 32px;font-size:22px;font-weight:bold;letter-spacing:2px">${escapeHtml(BRAND_NAME.toUpperCase())}</td></tr>`,
    `<tr><td style="padding:0 32px 32px;font-size:16px;line-height:1.5">${bodyHtml}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');
}

const CODE_MINUTES = Math.round(RECOVERY_CODE_TTL_MS / 60_000);

export function recoveryCodeEmail(input: { username: string; code: string }): RenderedEmail {
  const subject = `Your ${BRAND_NAME} recovery code`;
  const text = [
    `Hi ${input.username},`,
    '',
    `Your ${BRAND_NAME} recovery code is: ${input.code}`,
    '',
    `It expires in ${CODE_MINUTES} minutes. If you did not ask to reset your password, you can ignore this email.`,
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p>Hi ${escapeHtml(input.username)},</p>`,
      `<p>Your ${escapeHtml(BRAND_NAME)} recovery code is:</p>`,
      `<p style="font-size:32px;font-weight:bold;letter-spacing:8px">${escapeHtml(input.code)}</p>`,
      `<p>It expires in ${CODE_MINUTES} minutes. If you did not ask to reset your password, you can ignore this email.</p>`,
    ].join(''),
  );
  return { template: 'recovery_code', subject, text, html };
}

export function passwordChangedEmail(input: { username: string }): RenderedEmail {
  const subject = `Your ${BRAND_NAME} password was changed`;
  const text = [
    `Hi ${input.username},`,
    '',
    `The password of your ${BRAND_NAME} account was just changed, and every device was signed out.`,
    '',
    'If this was not you, reset your password now with "Forgot password" on the sign-in screen.',
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p>Hi ${escapeHtml(input.username)},</p>`,
      `<p>The password of your ${escapeHtml(BRAND_NAME)} account was just changed, and every device was signed out.</p>`,
      '<p>If this was not you, reset your password now with &quot;Forgot password&quot; on the sign-in screen.</p>',
    ].join(''),
  );
  return { template: 'password_changed', subject, text, html };
}

export type OrderConfirmation = {
  username: string;
  orderNumber: string;
  /** '$400.00' */
  amount: string;
  lines: { label: string; includes: string[] }[];
  credits: number;
  gamePasses: string[];
};

/** The receipt of a paid order, with its Game Pass codes (redeemable at /experience-card). */
export function orderConfirmationEmail(input: OrderConfirmation): RenderedEmail {
  const subject = `Your ${BRAND_NAME} order ${input.orderNumber}`;
  const items = input.lines.map((line) =>
    [line.label, ...line.includes].join(line.includes.length > 0 ? ', with ' : ''),
  );
  const creditsLine =
    input.credits > 0 ? [`${input.credits} credits have been added to your account.`] : [];
  const passes =
    input.gamePasses.length === 0
      ? []
      : [
          '',
          'Your Game Pass codes (each redeems once for 16 credits at /experience-card):',
          ...input.gamePasses,
        ];
  const text = [
    `Hi ${input.username},`,
    '',
    `Thank you for your order ${input.orderNumber}.`,
    '',
    ...items.map((item) => `- ${item}`),
    `Total paid: ${input.amount}`,
    ...creditsLine,
    ...passes,
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p>Hi ${escapeHtml(input.username)},</p>`,
      `<p>Thank you for your order <strong>${escapeHtml(input.orderNumber)}</strong>.</p>`,
      `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
      `<p>Total paid: <strong>${escapeHtml(input.amount)}</strong></p>`,
      ...creditsLine.map((line) => `<p>${escapeHtml(line)}</p>`),
      ...(input.gamePasses.length === 0
        ? []
        : [
            '<p>Your Game Pass codes (each redeems once for 16 credits at /experience-card):</p>',
            `<ul style="font-family:monospace;font-size:18px">${input.gamePasses.map((code) => `<li>${escapeHtml(code)}</li>`).join('')}</ul>`,
          ]),
    ].join(''),
  );
  return { template: 'order_confirmation', subject, text, html };
}
