// The partnership form of /community-partnerships against the real server: an application sent
// from the browser reaches the dev mailbox as two mails written by the server (a confirmation to
// the applicant, a notification to the company contact), markup typed into the form arrives
// escaped, and the thank-you view leads back to an empty form. The page fits a 360 px screen.
import { randomBytes } from 'node:crypto';
import { CONTACT, type DevMailboxEntry } from '@questfield/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

const SCRIPT = '<script>alert(1)</script>';
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;';

type Application = {
  name: string;
  email: string;
  phone: string;
  companyName: string;
  companyDescription: string;
};

/** An applicant no other test uses (tests run in parallel against one server). */
function applicant(overrides: Partial<Application> = {}): Application {
  const id = randomBytes(4).toString('hex');
  return {
    name: `Ada ${id}`,
    email: `partner.${id}@example.com`,
    phone: '+44 20 7946 0000',
    companyName: `Engines ${id}`,
    companyDescription: 'We run a games venue and would like to host sessions.',
    ...overrides,
  };
}

async function apply(page: Page, application: Application) {
  await page.goto('/community-partnerships');
  const form = page.getByRole('form', { name: 'Partnership Application' });
  await form.getByLabel('Name', { exact: true }).fill(application.name);
  await form.getByLabel('Email', { exact: true }).fill(application.email);
  await form.getByLabel('Phone', { exact: true }).fill(application.phone);
  await form.getByLabel('Company name').fill(application.companyName);
  await form.getByLabel('Company description').fill(application.companyDescription);
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Thank you for your application!' }),
  ).toBeFocused();
}

/** The two mails of one application: to the applicant and to the company contact. */
async function mailsOf(request: APIRequestContext, application: Application) {
  let mails: DevMailboxEntry[] = [];
  await expect
    .poll(async () => {
      const all = (await (await request.get('/api/dev/mailbox')).json()) as DevMailboxEntry[];
      // The confirmation goes to the applicant; the notification names them.
      mails = all.filter(
        (mail) => mail.to === application.email || mail.text.includes(application.email),
      );
      return mails.map((mail) => mail.to).sort();
    })
    .toEqual([application.email, CONTACT.partnersEmail].sort());
  const confirmation = mails.find((mail) => mail.to === application.email)!;
  const notification = mails.find((mail) => mail.to === CONTACT.partnersEmail)!;
  return { confirmation, notification };
}

test('an application sends both mails and the form can be filled in again', async ({
  page,
  request,
  isMobile,
}) => {
  // The narrowest phone the page is made for.
  if (isMobile) await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/community-partnerships');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Community & Partnerships');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page wider than the screen').toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);

  const application = applicant();
  await apply(page, application);
  const { confirmation, notification } = await mailsOf(request, application);
  expect(confirmation.subject).toBe('We received your Questfield partnership application');
  expect(confirmation.text).not.toContain(application.name);
  expect(notification.subject).toBe(`New partnership application: ${application.companyName}`);
  expect(notification.text).toContain(`Phone: ${application.phone}`);

  await page.getByRole('button', { name: 'Submit another application' }).click();
  const name = page
    .getByRole('form', { name: 'Partnership Application' })
    .getByLabel('Name', { exact: true });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('');
});

test('markup typed into every field arrives escaped, and only to the company contact', async ({
  page,
  request,
}) => {
  const application = applicant({
    name: `${SCRIPT} ${randomBytes(2).toString('hex')}`,
    phone: SCRIPT,
    companyName: SCRIPT,
    companyDescription: SCRIPT,
  });
  await apply(page, application);
  const { confirmation, notification } = await mailsOf(request, application);
  expect(notification.html).not.toContain('<script');
  for (const field of ['Name', 'Phone', 'Company name']) {
    expect(notification.html).toContain(`${field}: ${ESCAPED}`);
  }
  expect(notification.text).toContain(`Phone: ${SCRIPT}`);
  expect(confirmation.html).not.toContain('script');
});
