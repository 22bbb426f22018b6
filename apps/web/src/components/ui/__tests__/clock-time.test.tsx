import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ClockTime } from '../clock-time';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { mockApi, testVenue } from '@/testing/mock-api';
import { createTestQueryClient } from '@/testing/test-utils';

/** 23:00 UTC on Saturday, November 28, 2026: 6:00 PM in New York, 5:00 PM in Chicago. */
const AT = '2026-11-28T23:00:00.000Z';

function renderTime(props: Partial<Parameters<typeof ClockTime>[0]> = {}) {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <p data-testid="line">
        <ClockTime at={AT} {...props} />
      </p>
    </QueryClientProvider>,
  );
}

const line = () => screen.getByTestId('line');

describe('ClockTime', () => {
  it("shows the venue's time with its zone first, and the viewer's beside it", async () => {
    fakeBrowserTimeZone('America/Chicago');
    mockApi();
    renderTime();

    const time = await screen.findByText('6:00 PM EST');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', AT);
    expect(line()).toHaveTextContent(/^6:00 PM EST · , 5:00 PM CST your time$/);
    // Seen: a quiet '· …'; heard: '6:00 PM EST, 5:00 PM CST your time'.
    expect(screen.getByText('·', { exact: false })).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(',')).toHaveClass('sr-only');
  });

  it("leaves the viewer's time out where it reads the same as the venue's", async () => {
    fakeBrowserTimeZone('America/Detroit');
    mockApi();
    renderTime({ date: 'short' });

    expect(await screen.findByText('Sat, Nov 28, 6:00 PM EST')).toBeInTheDocument();
    expect(line()).toHaveTextContent(/^Sat, Nov 28, 6:00 PM EST$/);
  });

  it('writes both clocks on 24 hours when the venue says so, with the date where it differs', async () => {
    fakeBrowserTimeZone('Europe/Berlin');
    const { table } = mockApi();
    table['/api/Venue'] = () => ({ body: testVenue({ hourCycle: '24' }) });
    renderTime({ date: 'short' });

    expect(await screen.findByText('Sat, Nov 28, 18:00 EST')).toBeInTheDocument();
    expect(line()).toHaveTextContent(
      /^Sat, Nov 28, 18:00 EST · , Sun, Nov 29, 00:00 CET your time$/,
    );
  });

  it("shows the words the screen has, or a neutral mark, until the venue's clock is known", async () => {
    fakeBrowserTimeZone('America/Chicago');
    const { table } = mockApi();
    let answer: (() => void) | undefined;
    table['/api/Venue'] = () =>
      new Promise((resolve) => {
        answer = () => resolve({ body: testVenue() });
      });
    renderTime({ pending: '6:00 PM' });

    expect(line()).toHaveTextContent(/^6:00 PM$/);
    expect(screen.getByText('6:00 PM').tagName).toBe('TIME');
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await screen.findByText('6:00 PM EST')).toBeInTheDocument();
  });

  it("falls back to the viewer's own clock, named, when the venue's cannot be read", async () => {
    fakeBrowserTimeZone('America/Chicago');
    const { table } = mockApi();
    table['/api/Venue'] = () => ({ status: 500, body: { message: 'down', code: 'INTERNAL' } });
    renderTime();

    expect(await screen.findByText('5:00 PM CST')).toBeInTheDocument();
    expect(line()).toHaveTextContent(/^5:00 PM CST$/);
  });
});
