import { ERRORS, MESSAGES, PARTNERSHIP_RECEIVED_MESSAGE } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { expectConsoleError } from '@/testing/console';
import { mockApi, type MockAnswer } from '@/testing/mock-api';
import { createTestQueryClient, renderApp } from '@/testing/test-utils';

const APPLY = '/api/Partnerships/Apply';
const SPEC_FAILURE = 'There was an error submitting your application. Please try again.';
const LIMITED = 'Too many applications from this network. Please try again in an hour.';

const FILLED = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  companyName: 'Analytical Engines Ltd',
  companyDescription: 'We build engines.',
};

const LABELS = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  companyName: 'Company name',
  companyDescription: 'Company description',
} as const;

beforeAll(async () => {
  await import('@/app/routes/community-partnerships');
}, 30_000);

function deferred() {
  let resolve: (answer: MockAnswer) => void = () => {};
  const promise = new Promise<MockAnswer>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function renderPage() {
  const user = userEvent.setup();
  renderApp('/community-partnerships');
  await screen.findByRole('heading', { level: 1, name: 'Community & Partnerships' });
  const form = await screen.findByRole('form', { name: 'Partnership Application' });
  const field = (name: keyof typeof LABELS) => within(form).getByLabelText(LABELS[name]);
  const submit = within(form).getByRole('button', { name: 'Submit Application' });
  return { user, form, field, submit };
}

async function fillIn(
  user: UserEvent,
  field: (name: keyof typeof LABELS) => HTMLElement,
  values: Partial<typeof FILLED> = FILLED,
) {
  for (const [name, value] of Object.entries(values)) {
    await user.type(field(name as keyof typeof LABELS), value);
  }
}

const answered = () => ({ body: { message: PARTNERSHIP_RECEIVED_MESSAGE } });

describe('/community-partnerships', () => {
  it('shows five labelled fields of the right types under the page header', async () => {
    mockApi();
    const { field } = await renderPage();
    await waitFor(() => expect(document.title).toBe('Community & Partnerships · Questfield'));
    expect(field('name')).toHaveAttribute('type', 'text');
    expect(field('email')).toHaveAttribute('type', 'email');
    expect(field('phone')).toHaveAttribute('type', 'tel');
    expect(field('companyName')).toHaveAttribute('type', 'text');
    expect(field('companyDescription').tagName).toBe('TEXTAREA');
    for (const name of Object.keys(LABELS) as (keyof typeof LABELS)[]) {
      expect(field(name)).toBeRequired();
    }
    expect(document.body.textContent ?? '').not.toMatch(/e-mail/i);
  });

  it('names each missing field with its own message and sends nothing', async () => {
    const api = mockApi({ [APPLY]: answered });
    const { user, field, submit } = await renderPage();
    await user.click(submit);

    const expected = {
      name: 'Please enter your name.',
      email: 'Please enter your email address.',
      phone: 'Please enter your phone number.',
      companyName: 'Please enter your company name.',
      companyDescription: 'Please describe your company.',
    };
    for (const [name, message] of Object.entries(expected)) {
      const input = field(name as keyof typeof LABELS);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    await waitFor(() => expect(field('name')).toHaveFocus());
    expect(api.sent).toEqual([]);
  });

  it('refuses an email that is not one before sending', async () => {
    const api = mockApi({ [APPLY]: answered });
    const { user, field, submit } = await renderPage();
    await fillIn(user, field, { ...FILLED, email: 'ada@' });
    await user.click(submit);
    expect(field('email')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(api.sent).toEqual([]);
  });

  it('sends exactly the five trimmed fields, then thanks the applicant with focus on it', async () => {
    const pending = deferred();
    const api = mockApi({ [APPLY]: () => pending.promise });
    const { user, field, submit } = await renderPage();
    await fillIn(user, field, { ...FILLED, name: '  Ada Lovelace ' });
    await user.click(submit);

    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    expect(submit).toBeDisabled();
    expect(field('companyName')).toHaveValue('Analytical Engines Ltd');
    expect(api.sent).toEqual([{ path: APPLY, body: FILLED }]);

    pending.resolve(answered());
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Thank you for your application!',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('form', { name: 'Partnership Application' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Submit another application' }));
    const form = await screen.findByRole('form', { name: 'Partnership Application' });
    const name = within(form).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    for (const label of Object.values(LABELS)) {
      expect(within(form).getByLabelText(label)).toHaveValue('');
    }
    expect(api.sent).toHaveLength(1);
  });

  it('shows the spec’s alert on a failure and keeps what was typed', async () => {
    mockApi({
      [APPLY]: () => ({ status: 500, body: { message: 'Boom', code: 'INTERNAL' } }),
    });
    const { user, form, field, submit } = await renderPage();
    await fillIn(user, field);
    await user.click(submit);

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(SPEC_FAILURE);
    expect(ERRORS.PARTNERSHIP_FAILED.message).toBe(SPEC_FAILURE);
    expect(alert.className).toContain('text-red-200');
    for (const [name, value] of Object.entries(FILLED)) {
      expect(field(name as keyof typeof LABELS)).toHaveValue(value);
    }
    expect(submit).toBeEnabled();
  });

  it('shows the server’s message when the hourly limit is reached', async () => {
    mockApi({
      [APPLY]: () => ({
        status: 429,
        body: { message: LIMITED, code: 'PARTNERSHIP_RATE_LIMITED' },
      }),
    });
    const { user, form, field, submit } = await renderPage();
    await fillIn(user, field);
    await user.click(submit);

    expect(await within(form).findByRole('alert')).toHaveTextContent(LIMITED);
    expect(field('email')).toHaveValue(FILLED.email);
  });

  it("shows 'This page failed to load.' in the layout when the page fails to render", async () => {
    // React and the router both report the page's own error; nothing else may be logged.
    expectConsoleError(/\bError: render failed\b/);
    mockApi();
    const [root] = routes;
    const [pages] = root!.children!;
    const broken: RouteObject[] = [
      {
        ...root,
        children: [
          {
            ...pages,
            children: pages!.children!.map((route) =>
              route.path === '/community-partnerships'
                ? {
                    ...route,
                    lazy: async () => ({
                      Component: () => {
                        throw new Error('render failed');
                      },
                    }),
                  }
                : route,
            ),
          },
        ],
      } as RouteObject,
    ];
    const router = createMemoryRouter(broken, { initialEntries: ['/community-partnerships'] });
    render(
      <AppProvider queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByText(MESSAGES.communityPageFailed)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
