import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOTS } from './booking-test-utils';
import { listenLive, type LiveListener } from '../api/live-stream';
import { FakeEventSource } from '@/testing/fake-event-source';

const open = () => FakeEventSource.opened.filter((source) => source.readyState !== 2);
/** The listeners' changes are settled after the current task's microtasks. */
const settled = () => new Promise<void>((done) => setTimeout(done, 0));

/** A listener whose calls the test reads. */
function listener(date: string | null) {
  const heard = { offers: 0, slots: [] as unknown[], gaveUp: 0 };
  const handlers: LiveListener = {
    date,
    onOffer: () => (heard.offers += 1),
    onSlots: (slots) => heard.slots.push(slots),
    onGiveUp: () => (heard.gaveUp += 1),
  };
  return { heard, handlers };
}

const stops: (() => void)[] = [];
const listen = (handlers: LiveListener) => {
  const stop = listenLive(handlers);
  stops.push(stop);
  return stop;
};

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await settled();
  vi.unstubAllGlobals();
});

describe("a tab's one live stream", () => {
  it('serves every listener of the tab from one EventSource, closed after the last', async () => {
    const banner = listener(null);
    const other = listener(null);
    const stopBanner = listen(banner.handlers);
    const stopOther = listen(other.handlers);
    await settled();
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/Events/SeatStream']);

    const [stream] = FakeEventSource.opened;
    stream!.emit({ offered: true });
    await vi.waitFor(() => expect([banner.heard.offers, other.heard.offers]).toEqual([1, 1]));

    stopOther();
    await settled();
    expect(stream!.readyState).not.toBe(FakeEventSource.CLOSED);
    stopBanner();
    await settled();
    expect(stream!.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it("carries the shown day's slots with the offers, and reopens for the day that changes", async () => {
    const banner = listener(null);
    const modal = listener('2026-06-01');
    listen(banner.handlers);
    await settled();
    const stopModal = listen(modal.handlers);
    await settled();
    // The one stream now carries the day too: the offers-only one is closed, not kept beside it.
    expect(open().map((source) => source.url)).toEqual(['/api/Events/SeatStream?date=2026-06-01']);
    const [, dayStream] = FakeEventSource.opened;
    dayStream!.emit(SLOTS);
    dayStream!.emit({ offered: true });
    await vi.waitFor(() => expect(banner.heard.offers).toBe(1));
    expect(modal.heard.slots).toEqual([SLOTS]);
    // The slots reach the day's listener only; the offer reaches every listener that asks for it.
    expect(banner.heard.slots).toEqual([]);
    expect(modal.heard.offers).toBe(1);

    stopModal();
    await settled();
    expect(open().map((source) => source.url)).toEqual(['/api/Events/SeatStream']);
  });

  it('keeps the stream when one view of a day replaces another in the same commit', async () => {
    const list = listener('2026-06-01');
    const stopList = listen(list.handlers);
    await settled();
    stopList();
    listen(listener('2026-06-01').handlers);
    await settled();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(open()).toHaveLength(1);
  });

  it('tells offer listeners to look when the stream opens again, not when it first opens', async () => {
    const banner = listener(null);
    listen(banner.handlers);
    await settled();
    const [first] = FakeEventSource.opened;
    first!.onopen?.();
    expect(banner.heard.offers).toBe(0);
    // The browser reconnected after a drop: an offer may have been made meanwhile.
    first!.onopen?.();
    expect(banner.heard.offers).toBe(1);
    // A new day reopens it: the same.
    listen(listener('2026-06-02').handlers);
    await settled();
    FakeEventSource.opened.at(-1)!.onopen?.();
    expect(banner.heard.offers).toBe(2);
  });

  it('lets every listener fall back when the stream is refused, and one that comes later', async () => {
    const banner = listener(null);
    const modal = listener('2026-06-01');
    listen(banner.handlers);
    listen(modal.handlers);
    await settled();
    FakeEventSource.opened[0]!.refuse();
    expect([banner.heard.gaveUp, modal.heard.gaveUp]).toEqual([1, 1]);
    const waitlist = listener('2026-06-01');
    listen(waitlist.handlers);
    await settled();
    expect(waitlist.heard.gaveUp).toBeGreaterThan(0);
    // Not asked again for the same day: the refusal stands until the day changes.
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('gives a listener of another day than the one shown its fallback', async () => {
    listen(listener('2026-06-01').handlers);
    const stray = listener('2026-06-02');
    listen(stray.handlers);
    await settled();
    expect(open().map((source) => source.url)).toEqual(['/api/Events/SeatStream?date=2026-06-02']);
    expect(stray.heard.gaveUp).toBe(0);
    const first = listener('2026-06-01');
    listen(first.handlers);
    await settled();
    expect(open().map((source) => source.url)).toEqual(['/api/Events/SeatStream?date=2026-06-01']);
    expect(stray.heard.gaveUp).toBeGreaterThan(0);
  });
});
