import type { WindowEventName } from '@questfield/contract';

export { WINDOW_EVENTS, type WindowEventName } from '@questfield/contract';

export function dispatchWindowEvent(name: WindowEventName): void {
  window.dispatchEvent(new Event(name));
}
