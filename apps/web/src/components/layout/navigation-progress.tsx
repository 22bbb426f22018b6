import { useNavigation } from 'react-router';

/**
 * A thin bar at the top of the window while the next page's code loads. It fades in after a
 * short delay, so fast navigations show nothing.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[80] h-0.5 overflow-hidden opacity-0 motion-safe:animate-progress-appear motion-reduce:opacity-100"
    >
      <div className="h-full w-1/3 bg-accent-400 motion-safe:animate-progress-slide" />
    </div>
  );
}

/** Shown inside the layout while the first page's code loads. */
export function PageFallback() {
  return <div aria-hidden="true" className="flex-1" />;
}
