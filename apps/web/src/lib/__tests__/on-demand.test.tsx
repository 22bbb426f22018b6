import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from '../on-demand';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A loader whose module arrives when the test says so. */
function heldLoader() {
  let arrive: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const loaded = new Promise<{ default: typeof Greeting }>((resolve, reject) => {
    arrive = () => resolve({ default: Greeting });
    fail = reject;
  });
  const load = vi.fn(() => loaded);
  return { load, arrive, fail };
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
  }
}

describe('onDemand', () => {
  it('renders nothing until the module arrives, then the latest props', async () => {
    const { load, arrive } = heldLoader();
    const LoadedGreeting = onDemand(load);
    const { rerender } = render(<LoadedGreeting name="Ada" />);
    rerender(<LoadedGreeting name="Grace" />);
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();

    await act(async () => arrive());
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders every later instance at once, without loading again', async () => {
    const { load, arrive } = heldLoader();
    const LoadedGreeting = onDemand(load);
    const first = render(<LoadedGreeting name="Ada" />);
    await act(async () => arrive());
    first.unmount();

    render(<LoadedGreeting name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a module that failed to load to the error boundary, and asks again next time', async () => {
    const { load, fail } = heldLoader();
    const LoadedGreeting = onDemand(load);
    // React reports the error it caught; the boundary's text is what this test reads.
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = render(
      <Boundary>
        <LoadedGreeting name="Ada" />
      </Boundary>,
    );
    await act(async () => fail(new Error('chunk lost')));
    expect(screen.getByText('Failed: chunk lost')).toBeInTheDocument();
    report.mockRestore();
    failed.unmount();

    load.mockImplementation(() => Promise.resolve({ default: Greeting }));
    render(<LoadedGreeting name="Grace" />);
    expect(await screen.findByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
  it('renders a preloaded module in the first render, and asks again after a failed preload', async () => {
    const { load, fail } = heldLoader();
    const LoadedGreeting = onDemand(load);
    LoadedGreeting.preload();
    await act(async () => fail(new Error('chunk lost')));

    load.mockImplementation(() => Promise.resolve({ default: Greeting }));
    LoadedGreeting.preload();
    await act(async () => undefined);
    render(<LoadedGreeting name="Ada" />);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
