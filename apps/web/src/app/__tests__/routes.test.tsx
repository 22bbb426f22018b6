import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landingCopy } from '@/features/landing/copy';
import { mockApi, testConfig } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

/** Words that tell a visitor a feature is not there yet. */
const SAYS_COMING = /in the works|coming|soon|this release|on its way/gi;

const ROUTES: Array<{ path: string; h1: string; title: string; header: 'default' | 'dark' }> = [
  {
    path: '/',
    h1: 'Questfield',
    title: 'Questfield · Timed multiplayer quests',
    header: 'default',
  },
  { path: '/game', h1: 'Game', title: 'Game · Questfield', header: 'dark' },
  { path: '/dashboard', h1: 'Dashboard', title: 'Dashboard · Questfield', header: 'dark' },
  { path: '/coming-soon', h1: 'COMING SOON...', title: 'Coming Soon · Questfield', header: 'dark' },
  {
    path: '/mobile-rewards',
    h1: 'COMING SOON...',
    title: 'Mobile Rewards · Questfield',
    header: 'dark',
  },
  {
    path: '/terms-and-conditions',
    h1: 'Terms & Conditions',
    title: 'Terms & Conditions · Questfield',
    header: 'dark',
  },
  {
    path: '/privacy-policy',
    h1: 'Privacy Policy',
    title: 'Privacy Policy · Questfield',
    header: 'dark',
  },
  { path: '/promo', h1: 'Game Pack', title: 'Promo · Questfield', header: 'default' },
  { path: '/hostpack', h1: 'Host Pack', title: 'Host Pack · Questfield', header: 'default' },
  {
    path: '/experience-card',
    h1: 'Redeem your Experience Card',
    title: 'Experience Card · Questfield',
    header: 'dark',
  },
  {
    path: '/livestream',
    h1: 'Live Streaming',
    title: 'Live Streaming · Questfield',
    header: 'dark',
  },
  {
    path: '/community-partnerships',
    h1: 'Community & Partnerships',
    title: 'Community & Partnerships · Questfield',
    header: 'dark',
  },
  { path: '/soundtrack', h1: 'MY SOUNDTRACKS', title: 'Soundtrack · Questfield', header: 'dark' },
  { path: '/store', h1: 'Store', title: 'Store · Questfield', header: 'dark' },
  { path: '/esports', h1: 'Esports', title: 'Esports · Questfield', header: 'dark' },
  {
    path: '/unsubscribe',
    h1: 'Game reminders',
    title: 'Game reminders · Questfield',
    header: 'dark',
  },
  { path: '/invite', h1: 'Party invite', title: 'Party invite · Questfield', header: 'dark' },
  {
    path: '/no/such/page',
    h1: "This doesn't look right...",
    title: 'Page not found · Questfield',
    header: 'dark',
  },
];

const PUBLIC_CONFIG = testConfig();

describe('every route', () => {
  it.each(ROUTES)('$path renders one h1, its title and its header style', async (route) => {
    mockApi({ '/api/config': () => ({ body: PUBLIC_CONFIG }) });
    renderApp(route.path);

    // The first visit of each lazy page loads its code; allow for a busy machine.
    const h1 = await screen.findByRole('heading', { level: 1, name: route.h1 }, { timeout: 5_000 });
    expect(screen.getAllByRole('heading', { level: 1 })).toEqual([h1]);
    await waitFor(() => expect(document.title).toBe(route.title));
    expect(screen.getByRole('banner')).toHaveAttribute('data-variant', route.header);
    expect(screen.getByRole('main')).toContainElement(h1);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('static pages make no API calls for a visitor who never signed in', async () => {
    const api = mockApi();
    for (const path of [
      '/',
      '/store',
      '/terms-and-conditions',
      '/soundtrack',
      '/promo',
      '/hostpack',
      '/nope',
    ]) {
      const { unmount } = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      unmount();
    }
    expect(api.sent).toEqual([]);
  });
});

describe('pages', () => {
  it('shows the spec texts on the not-found page, with a way home', async () => {
    renderApp('/nonexistent');

    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent).toBe("This doesn't look right... ");
    expect(screen.getByText('This page was moved or does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /back to home/i })).toHaveAttribute('href', '/');
  });

  it('shows the same placeholder on /coming-soon and /mobile-rewards', async () => {
    for (const path of ['/coming-soon', '/mobile-rewards']) {
      const { unmount } = renderApp(path);
      const h1 = await screen.findByRole('heading', { level: 1 });
      expect(h1.textContent).toBe('COMING SOON... ');
      expect(screen.getByText('This feature is on its way soon!')).toBeInTheDocument();
      unmount();
    }
  });

  it('shows the store sections and their empty states', async () => {
    renderApp('/store');

    expect(await screen.findByRole('heading', { level: 2, name: 'Events' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Merchandise' })).toBeInTheDocument();
    expect(screen.getByText('More events coming soon')).toBeInTheDocument();
    expect(screen.getByText('Merchandise coming soon')).toBeInTheDocument();
  });

  it('shows the soundtrack empty state', async () => {
    renderApp('/soundtrack');

    await screen.findByRole('heading', { level: 1, name: 'MY SOUNDTRACKS' });
    expect(
      screen.getByText('Your collection of soundtracks will appear here.'),
    ).toBeInTheDocument();
  });

  it('shows the four esports links, the group chat opening in a new tab', async () => {
    const api = mockApi({
      '/api/config': () => ({
        status: 503,
        body: { message: 'Down', code: 'SERVICE_UNAVAILABLE' },
      }),
    });
    renderApp('/esports');
    await screen.findByRole('heading', { level: 1, name: 'Esports' });
    const main = screen.getByRole('main');

    const chat = within(main).getByRole('link', { name: /join the players' group chat/i });
    expect(chat).toHaveAttribute('href', 'https://chat.questfield.example/players');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat.getAttribute('rel')).toContain('noopener');
    expect(within(main).getByRole('link', { name: /watch the livestream/i })).toHaveAttribute(
      'href',
      '/livestream',
    );
    expect(within(main).getByRole('link', { name: /special promotions/i })).toHaveAttribute(
      'href',
      '/promo',
    );
    expect(within(main).getByRole('link', { name: /email us/i })).toHaveAttribute(
      'href',
      'mailto:hello@questfield.example',
    );
    // The config request failed: the page keeps its default link.
    await waitFor(() => expect(api.sent.map((call) => call.path)).toContain('/api/config'));
    expect(chat).toHaveAttribute('href', 'https://chat.questfield.example/players');
  });

  it('uses the group chat address from GET /api/config when the server sends one', async () => {
    const api = mockApi({ '/api/config': () => ({ body: PUBLIC_CONFIG }) });
    renderApp('/esports');

    const chat = await screen.findByRole('link', { name: /join the players' group chat/i });
    await waitFor(() =>
      expect(chat).toHaveAttribute('href', 'https://chat.example.org/questfield'),
    );
    expect(api.sent.map((call) => call.path)).toEqual(['/api/config']);
  });

  it('has the landing sections: title block, Purchase Credits and the consultation email', async () => {
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Questfield' });
    expect(screen.getByRole('heading', { level: 2, name: 'Purchase Credits' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Book a session' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Join/ })).toBeInTheDocument();
    expect(landingCopy.bookingIntro.match(SAYS_COMING)).toBeNull();
    expect(screen.getByRole('button', { name: /Buy Now: 16 Credits/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /contact us by email/i })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:hello@questfield\.example/),
    );
  });
});

describe('legal pages', () => {
  it.each([
    {
      path: '/terms-and-conditions',
      headings: [
        'Eligibility',
        'Your account',
        'Credits, packs and payments',
        'Prohibited conduct',
        'User content',
        'Intellectual property',
        'Governing law',
        'Contact us',
      ],
      phrases: [
        /at least 13 years of age/,
        /consent and under the supervision of a parent or legal guardian/,
        /United States dollars \(USD\)/,
        /non-refundable, unless specified otherwise/,
        /laws of the State of Georgia/,
      ],
    },
    {
      path: '/privacy-policy',
      headings: [
        'Information we collect',
        'How we use information',
        'How we share information',
        'Your rights and choices',
        'Data retention',
        'Children\u2019s privacy',
        'Security',
        'Changes to this policy',
        'Contact us',
      ],
      phrases: [/We do not sell your personal information/, /verified parental consent/],
    },
  ])('$path has its effective date, contents and sections', async ({ path, headings, phrases }) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    const main = screen.getByRole('main');

    expect(main).toHaveTextContent('Effective date: May 7, 2025');
    const contents = within(main).getByRole('navigation', { name: 'Contents' });
    for (const heading of headings) {
      const section = within(main).getByRole('heading', { level: 2, name: new RegExp(heading) });
      const tocLink = within(contents).getByRole('link', { name: new RegExp(heading) });
      expect(tocLink).toHaveAttribute('href', `#${section.id}`);
    }
    for (const phrase of phrases) expect(main).toHaveTextContent(phrase);
    expect(
      within(main).getAllByRole('link', { name: 'hello@questfield.example' })[0],
    ).toHaveAttribute('href', 'mailto:hello@questfield.example');
  });
});
